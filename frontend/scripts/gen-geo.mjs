// Generates the offline map assets from two MIT-licensed npm packages:
//  - src/features/home/assets/japan-prefectures.svg  (prefecture shapes, from @react-map/japan)
//  - src/features/map/assets/japan-outline.json       (coastline GeoJSON, from @geo-maps/countries-land-10km)
// Run with `npm run gen:geo`. The outputs are committed so builds do not need this step.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const REGIONS = {
  hokkaido: ['hokkaido'],
  tohoku: ['aomori', 'iwate', 'miyagi', 'akita', 'yamagata', 'fukushima'],
  kanto: ['ibaraki', 'tochigi', 'gunma', 'saitama', 'chiba', 'tokyo', 'kanagawa'],
  chubu: ['niigata', 'toyama', 'ishikawa', 'fukui', 'yamanashi', 'nagano', 'gifu', 'shizuoka', 'aichi'],
  kinki: ['mie', 'shiga', 'kyoto', 'osaka', 'hyogo', 'nara', 'wakayama'],
  chugoku: ['tottori', 'shimane', 'okayama', 'hiroshima', 'yamaguchi'],
  shikoku: ['tokushima', 'kagawa', 'ehime', 'kochi'],
  kyushu: ['fukuoka', 'saga', 'nagasaki', 'kumamoto', 'oita', 'miyazaki', 'kagoshima'],
  okinawa: ['okinawa'],
};
const REGION_FILL = {
  hokkaido: '#a9d8bb', tohoku: '#bfe0a6', kanto: '#f6cf85', chubu: '#f2b79f', kinki: '#d6b6e6',
  chugoku: '#b3c8ef', shikoku: '#efb3c6', kyushu: '#a9dbdf', okinawa: '#ecd889',
};
const regionOf = (code) => Object.keys(REGIONS).find((r) => REGIONS[r].includes(code));

// ---- prefecture shapes -------------------------------------------------------------
const constantsPath = join(dirname(require.resolve('@react-map/japan/package.json')), 'src/constants.ts');
const src = readFileSync(constantsPath, 'utf8');
const drawPathBlock = src.slice(src.indexOf('export const drawPath'));
const entry = /([A-Za-z]+)[^:\n]*:\s*'([^']+)'/g;
const shapes = [];
for (const m of drawPathBlock.matchAll(entry)) {
  const code = m[1].toLowerCase();
  if (!regionOf(code)) throw new Error(`unknown prefecture in @react-map/japan: ${m[1]}`);
  shapes.push({ code, rings: parsePath(m[2]) });
}
if (shapes.length !== 47) throw new Error(`expected 47 prefectures, got ${shapes.length}`);

/** Parses the M/L/l/h/v/z subset used by the package into absolute point rings. */
function parsePath(d) {
  const tokens = d.match(/[MLlHhVvZz]|-?\d*\.?\d+(?:e-?\d+)?/g);
  const rings = [];
  let ring = null, x = 0, y = 0, cmd = '', i = 0;
  const num = () => Number(tokens[i++]);
  while (i < tokens.length) {
    const t = tokens[i];
    if (/[A-Za-z]/.test(t)) { cmd = t; i++; if (cmd === 'z' || cmd === 'Z') { if (ring) rings.push(ring); ring = null; } continue; }
    switch (cmd) {
      case 'M': x = num(); y = num(); if (ring) rings.push(ring); ring = [[x, y]]; cmd = 'L'; break;
      case 'L': x = num(); y = num(); ring.push([x, y]); break;
      case 'l': x += num(); y += num(); ring.push([x, y]); break;
      case 'H': x = num(); ring.push([x, y]); break;
      case 'h': x += num(); ring.push([x, y]); break;
      case 'V': y = num(); ring.push([x, y]); break;
      case 'v': y += num(); ring.push([x, y]); break;
      default: throw new Error(`unsupported path command ${cmd}`);
    }
  }
  if (ring) rings.push(ring);
  return rings;
}

const bbox = (pts) => pts.reduce((b, [px, py]) => [Math.min(b[0], px), Math.min(b[1], py), Math.max(b[2], px), Math.max(b[3], py)], [Infinity, Infinity, -Infinity, -Infinity]);
const all = bbox(shapes.flatMap((s) => s.rings.flat()));
const pad = 4;
const [minX, minY] = [all[0] - pad, all[1] - pad];
const [w, h] = [all[2] - all[0] + 2 * pad, all[3] - all[1] + 2 * pad];
const r1 = (v) => Math.round(v * 10) / 10;
// Drop points closer than 0.3 units to the previous one: invisible at page scale, halves the size.
const simplify = (ring) => ring.filter((p, k) => k === 0 || k === ring.length - 1 || Math.hypot(p[0] - ring[k - 1][0], p[1] - ring[k - 1][1]) >= 0.3);
const toD = (rings) => rings.map((ring) => 'M' + simplify(ring).map(([px, py]) => `${r1(px - minX)},${r1(py - minY)}`).join('L') + 'Z').join('');

const paths = shapes.map((s) => `<path id="${s.code}" fill="${REGION_FILL[regionOf(s.code)]}" d="${toD(s.rings)}"/>`).join('\n');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${r1(w)} ${r1(h)}" stroke="#ffffff" stroke-width="0.6" stroke-linejoin="round">
<!-- Prefecture shapes derived from @react-map/japan (MIT, © Shubham Singh) by frontend/scripts/gen-geo.mjs -->
${paths}
</svg>
`;
const svgOut = join(root, 'src/features/home/assets/japan-prefectures.svg');
mkdirSync(dirname(svgOut), { recursive: true });
writeFileSync(svgOut, svg);

// region centres in % of the image, to help place the region boxes
for (const r of Object.keys(REGIONS)) {
  const b = bbox(shapes.filter((s) => REGIONS[r].includes(s.code)).flatMap((s) => s.rings.flat()));
  const pct = (v, o, size) => Math.round(((v - o) / size) * 1000) / 10;
  console.log(r.padEnd(9), 'x', pct(b[0], minX, w), '-', pct(b[2], minX, w), ' y', pct(b[1], minY, h), '-', pct(b[3], minY, h));
}
console.log(`svg: ${svg.length} bytes, viewBox ${r1(w)}x${r1(h)}`);

// ---- coastline -------------------------------------------------------------------
const world = JSON.parse(readFileSync(require.resolve('@geo-maps/countries-land-10km/map.geo.json'), 'utf8'));
const japan = world.features.find((f) => f.properties.A3 === 'JPN');
if (!japan) throw new Error('JPN not found');
const outline = {
  type: 'FeatureCollection',
  attribution: '@geo-maps/countries-land-10km (MIT; data © OpenStreetMap contributors, ODbL)',
  features: [{ type: 'Feature', properties: { name: '日本' }, geometry: japan.geometry }],
};
const outlineOut = join(root, 'src/features/map/assets/japan-outline.json');
mkdirSync(dirname(outlineOut), { recursive: true });
writeFileSync(outlineOut, JSON.stringify(outline));
console.log(`outline: ${JSON.stringify(outline).length} bytes`);
