/**
 * A Vite build plugin: writes a brotli (.br) and a gzip (.gz) copy next to every emitted script,
 * stylesheet and SVG, once, at build time. The server sends them (@fastify/static `preCompressed`)
 * to browsers that accept them, so the app's code crosses the network compressed without the server
 * compressing anything per request.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg)$/;

export function precompress(): Plugin {
  return {
    name: 'quad-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const data = await readFile(path);
          await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
          await writeFile(
            `${path}.br`,
            brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }),
      );
    },
  };
}
