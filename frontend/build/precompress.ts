// Build step: writes NAME.br and NAME.gz next to each text asset of the built
// frontend (JS, CSS, SVG, HTML, JSON …) so the server can send them to browsers that
// accept br or gzip without compressing on the request path
// (adapters/http/src/static_files.cpp picks one by Accept-Encoding). Already-compressed
// types (JPEG, PNG, WebP, woff2) are left alone, and so is any file that would not
// shrink. Node's own zlib; no dependency.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Extensions that get .br / .gz siblings; the server's list (is_precompressed_type) matches. */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.svg', '.html', '.json', '.webmanifest', '.map', '.xml'];
/** Smaller files are sent as they are: the saving would not fill a packet. */
export const MIN_PRECOMPRESS_BYTES = 1024;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : [],
  );
}

/** Compresses every eligible file under `dir`; returns the files it wrote. */
export function precompressDir(dir: string): string[] {
  const written: string[] = [];
  for (const file of walk(dir)) {
    if (!PRECOMPRESSED_EXTENSIONS.some((ext) => file.endsWith(ext))) continue;
    for (const stale of [`${file}.br`, `${file}.gz`]) rmSync(stale, { force: true });
    if (statSync(file).size < MIN_PRECOMPRESS_BYTES) continue;
    const data = readFileSync(file);
    const br = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    const gz = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
    if (br.length < data.length) {
      writeFileSync(`${file}.br`, br);
      written.push(`${file}.br`);
    }
    if (gz.length < data.length) {
      writeFileSync(`${file}.gz`, gz);
      written.push(`${file}.gz`);
    }
  }
  return written;
}

/** Runs precompressDir on the output directory once Vite has written every file. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'pokeca-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
