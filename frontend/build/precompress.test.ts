import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

describe('precompressDir', () => {
  it('writes .br and .gz that decompress to the original, for text assets only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const js = 'export const x = "ポケカ";\n'.repeat(200);
    writeFileSync(join(dir, 'assets', 'index-abc.js'), js);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>地図</p>'.repeat(200)}`);
    writeFileSync(join(dir, 'photo.jpg'), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, 'icon.png'), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, 'tiny.css'), 'a{}');

    precompressDir(dir);

    const file = join(dir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'photo.jpg.br'))).toBe(false);
    expect(existsSync(join(dir, 'photo.jpg.gz'))).toBe(false);
    expect(existsSync(join(dir, 'icon.png.gz'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.css.gz'))).toBe(false);  // too small to gain
  });
});
