import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a browser downloads as text; source maps only reach developer tools, so they stay raw. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the strongest
 * settings, once. The server sends them as they are (@fastify/static `preCompressed`), so no
 * request pays for compression and every response is as small as it gets.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'teamloop:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const target = path.join(outDir, file);
            const content = await readFile(target);
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
          }),
      );
    },
  };
}
