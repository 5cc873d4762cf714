/**
 * Uploaded images, checked by content and re-encoded: whatever the client sent (and whatever its
 * name or MIME type claims), what gets stored is a fresh WebP, turned upright, no larger than
 * LIMITS.imageSideMax a side, with no metadata at all (EXIF, GPS, XMP, ICC: anonymity).
 */
import sharp from 'sharp';
import { LIMITS } from '../../src/domain/constants.ts';
import type { ImageVariant } from '../../src/domain/images.ts';

/** Decoding stops above this many pixels (decompression bombs); about a 100-megapixel photo. */
const MAX_INPUT_PIXELS = 100_000_000;
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const WEBP_QUALITY = 82;

export type ImageProblem = 'unreadable' | 'notRaster' | 'tooLarge';

export class ImageRejected extends Error {
  override name = 'ImageRejected';
  constructor(readonly problem: ImageProblem) {
    super(`image rejected: ${problem}`);
  }
}

export interface Reencoded {
  data: Buffer;
  width: number;
  height: number;
}

export async function reencodeImage(input: Buffer): Promise<Reencoded> {
  let format: string | undefined;
  let pixels = 0;
  try {
    // Reads the header only: cheap, and it tells the size before anything is decoded.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw new ImageRejected('unreadable');
  }
  if (!format || !RASTER_FORMATS.has(format)) throw new ImageRejected('notRaster');
  if (pixels > MAX_INPUT_PIXELS) throw new ImageRejected('tooLarge');
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({
        width: LIMITS.imageSideMax,
        height: LIMITS.imageSideMax,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new ImageRejected('unreadable');
  }
}

/**
 * A smaller copy of a stored original (already upright and clean): scaled to a width, never enlarged,
 * or cropped to its centre square (avatars and room icons are shown round, cropped to a square).
 */
export async function renderVariant(original: Buffer, variant: ImageVariant): Promise<Buffer> {
  const image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS });
  const resized =
    variant.kind === 'width'
      ? image.resize({ width: variant.size, withoutEnlargement: true })
      : image.resize({ width: variant.size, height: variant.size, fit: 'cover' });
  return resized.webp({ quality: WEBP_QUALITY }).toBuffer();
}
