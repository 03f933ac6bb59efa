// Which packages make up a built JS chunk: walks the chunk's source map and gives
// each generated (minified) byte to the source it maps to, grouped by npm package
// (or "app" for frontend/src). Raw minified bytes, not gzip.
//   node bench/js_breakdown.mjs DIST_DIR CHUNK.js [CHUNK.js …]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(resolve(here, '../frontend/package.json'));
const { SourceMapConsumer } = require('source-map-js');

const [dist, ...chunks] = process.argv.slice(2);
const groupOf = (source) => {
  if (!source) return '(no mapping)';
  const m = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (source.includes('/src/')) return 'app (frontend/src)';
  return source;
};

for (const chunk of chunks) {
  const code = readFileSync(join(dist, chunk), 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(join(dist, chunk + '.map'), 'utf8')));
  const lines = code.split('\n');
  const totals = new Map();
  const add = (group, n) => totals.set(group, (totals.get(group) ?? 0) + n);
  // Mappings come sorted by generated position; each covers the bytes up to the next.
  const byLine = new Map();
  map.eachMapping((m) => {
    if (!byLine.has(m.generatedLine)) byLine.set(m.generatedLine, []);
    byLine.get(m.generatedLine).push(m);
  });
  lines.forEach((text, i) => {
    const ms = byLine.get(i + 1) ?? [];
    let covered = 0;
    ms.forEach((m, k) => {
      const end = k + 1 < ms.length ? ms[k + 1].generatedColumn : text.length;
      const n = Buffer.byteLength(text.slice(m.generatedColumn, end));
      add(groupOf(m.source), n);
      covered += n;
    });
    add('(no mapping)', Buffer.byteLength(text) + 1 - covered);
  });
  const total = [...totals.values()].reduce((a, b) => a + b, 0);
  console.log(`| \`${chunk}\` by package | minified bytes | share |`);
  console.log('|---|---|---|');
  for (const [group, n] of [...totals].sort((a, b) => b[1] - a[1]).filter(([, n]) => n / total >= 0.01))
    console.log(`| ${group} | ${n.toLocaleString('en')} | ${((100 * n) / total).toFixed(1)} % |`);
  console.log(`| (total, incl. groups under 1 %) | ${total.toLocaleString('en')} | |`);
  console.log();
}
