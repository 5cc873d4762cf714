/**
 * `npx tsx scripts/favicon.ts`: draws public/favicon.ico from public/favicon.svg (the logo) with
 * sharp, at 16, 32 and 48 px, each a PNG inside the ICO (every browser since 2007 reads those).
 * The output is committed: browsers that ask for /favicon.ico without reading the page's links
 * (and crawlers) get the logo. Run again after changing the SVG.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const ICO_SIZES = [16, 32, 48] as const;

/** An ICO file holding the given square PNGs (ICONDIR, one ICONDIRENTRY each, then the images). */
export function packIco(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}

export async function faviconIco(svg: Buffer): Promise<Buffer> {
  const images = await Promise.all(
    ICO_SIZES.map(async (size) => ({
      size,
      png: await sharp(svg, { density: 72 * (size / 48) * 4 })
        .resize(size, size)
        .png({ compressionLevel: 9 })
        .toBuffer(),
    })),
  );
  return packIco(images);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
  const ico = await faviconIco(readFileSync(`${publicDir}favicon.svg`));
  writeFileSync(`${publicDir}favicon.ico`, ico);
  console.log(`public/favicon.ico: ${ICO_SIZES.join(', ')} px, ${ico.length} bytes`);
}
