#!/usr/bin/env node
// Regenerates data/gazetteer.tsv and data/prefectures.tsv.
//
// Inputs:
//   - npm package detect-location-jp@0.0.4, file dist/data/japan_cities.json
//     (municipality points from OpenStreetMap). Fetched with `npm pack` into a
//     temp dir unless --from DIR points at an already extracted package.
//   - tools/data/fukuoka.tsv   hand-entered municipal offices of 福岡県 (the
//     package has no 福岡県 entries at all)
//   - tools/data/additions.tsv other municipalities missing from the package
//
// Usage: node tools/data/build_gazetteer.mjs [--from DIR] [--check]
//   --check  build in memory and fail if data/*.tsv differ from the result.
//
// Everything below is deterministic: same inputs, byte-identical output.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const PKG = 'detect-location-jp@0.0.4';
// sha256 of dist/data/japan_cities.json in detect-location-jp 0.0.4
const CITIES_SHA256 = 'ec64480651fdbcbc1542f416f479d22a7ad22e8152df554f9cf202e601e0aacb';

// JIS X 0401 order. [code, name, region, official municipality count]
// Counts are 市区町村 per prefecture (Tokyo's 23 special wards included,
// designated cities counted once, the six Northern-Territories villages of
// 北海道 excluded because they are not administered). Total 1,741.
const PREFS = [
  ['hokkaido', '北海道', 'hokkaido', 179],
  ['aomori', '青森県', 'tohoku', 40],
  ['iwate', '岩手県', 'tohoku', 33],
  ['miyagi', '宮城県', 'tohoku', 35],
  ['akita', '秋田県', 'tohoku', 25],
  ['yamagata', '山形県', 'tohoku', 35],
  ['fukushima', '福島県', 'tohoku', 59],
  ['ibaraki', '茨城県', 'kanto', 44],
  ['tochigi', '栃木県', 'kanto', 25],
  ['gunma', '群馬県', 'kanto', 35],
  ['saitama', '埼玉県', 'kanto', 63],
  ['chiba', '千葉県', 'kanto', 54],
  ['tokyo', '東京都', 'kanto', 62],
  ['kanagawa', '神奈川県', 'kanto', 33],
  ['niigata', '新潟県', 'chubu', 30],
  ['toyama', '富山県', 'chubu', 15],
  ['ishikawa', '石川県', 'chubu', 19],
  ['fukui', '福井県', 'chubu', 17],
  ['yamanashi', '山梨県', 'chubu', 27],
  ['nagano', '長野県', 'chubu', 77],
  ['gifu', '岐阜県', 'chubu', 42],
  ['shizuoka', '静岡県', 'chubu', 35],
  ['aichi', '愛知県', 'chubu', 54],
  ['mie', '三重県', 'kinki', 29],
  ['shiga', '滋賀県', 'kinki', 19],
  ['kyoto', '京都府', 'kinki', 26],
  ['osaka', '大阪府', 'kinki', 43],
  ['hyogo', '兵庫県', 'kinki', 41],
  ['nara', '奈良県', 'kinki', 39],
  ['wakayama', '和歌山県', 'kinki', 30],
  ['tottori', '鳥取県', 'chugoku', 19],
  ['shimane', '島根県', 'chugoku', 19],
  ['okayama', '岡山県', 'chugoku', 27],
  ['hiroshima', '広島県', 'chugoku', 23],
  ['yamaguchi', '山口県', 'chugoku', 19],
  ['tokushima', '徳島県', 'shikoku', 24],
  ['kagawa', '香川県', 'shikoku', 17],
  ['ehime', '愛媛県', 'shikoku', 20],
  ['kochi', '高知県', 'shikoku', 34],
  ['fukuoka', '福岡県', 'kyushu', 60],
  ['saga', '佐賀県', 'kyushu', 20],
  ['nagasaki', '長崎県', 'kyushu', 21],
  ['kumamoto', '熊本県', 'kyushu', 45],
  ['oita', '大分県', 'kyushu', 18],
  ['miyazaki', '宮崎県', 'kyushu', 26],
  ['kagoshima', '鹿児島県', 'kyushu', 43],
  ['okinawa', '沖縄県', 'okinawa', 41],
];

// Source entries that are not municipalities (OSM ids in the package).
const DROP_IDS = new Map([
  [3565867, 'duplicate of さいたま市 (1767047) with a romaji name and a point 11 km off the city hall'],
  [3959632, 'stale duplicate of 伊仙町 (3982884)'],
  [2679919, 'unassigned reclaimed land in Tokyo Bay, not a municipality'],
]);
// Spelling normalised to the official (総務省 / JIS municipality code) form.
const RENAME = new Map([['高知県|檮原町', '梼原町']]);

// Municipalities left out when computing a prefecture's map centre and zoom,
// so that remote islands do not drag the view into the sea. They stay in the
// gazetteer.
const OFFSHORE = {
  tokyo: ['大島町', '利島村', '新島村', '神津島村', '三宅村', '御蔵島村', '八丈町', '青ヶ島村', '小笠原村',
    // Tokyo's centre is put on the built-up area: the mountain towns of the
    // far west are left out too.
    '奥多摩町', '檜原村'],
  niigata: ['佐渡市', '粟島浦村'],
  shimane: ['海士町', '西ノ島町', '知夫村', '隠岐の島町'],
  nagasaki: ['対馬市', '壱岐市', '五島市', '新上五島町', '小値賀町'],
  kagoshima: ['西之表市', '中種子町', '南種子町', '屋久島町', '三島村', '十島村',
    '奄美市', '大和村', '宇検村', '瀬戸内町', '龍郷町', '喜界町', '徳之島町', '天城町', '伊仙町', '和泊町', '知名町', '与論町'],
  okinawa: ['宮古島市', '多良間村', '石垣市', '竹富町', '与那国町', '南大東村', '北大東村',
    '久米島町', '粟国村', '渡名喜村', '渡嘉敷村', '座間味村', '伊平屋村', '伊是名村', '伊江村'],
  hokkaido: ['利尻町', '利尻富士町', '礼文町', '奥尻町'],
};

// The computed zoom fits the bounding box of the (non-offshore) municipality
// points into a 400x600 px portrait phone map. Where that is too wide a view
// for the populated core the zoom is set here instead.
const ZOOM_OVERRIDE = {
  tokyo: 10, // wards + Tama; the west is mountains
  osaka: 10,
  shiga: 9, // 10 would cut off the north of Lake Biwa

};

// Hand-set map centres. Tokyo: the centroid of the non-island municipalities
// (around 三鷹) is too far west for zoom 10 to show 江戸川区; this centre shows
// the 23 wards and eastern Tama together.
const CENTER_OVERRIDE = { tokyo: [35.69, 139.64] };

// Prefecture bounding boxes used only as sanity checks for hand-entered data.
const CHECK_BOX = { fukuoka: [33.0, 34.0, 129.9, 131.2], okinawa: [24.0, 27.0, 122.9, 131.4] };

function arg(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function fetchPackage() {
  const from = arg('--from');
  if (from) return from;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gazetteer-'));
  execFileSync('npm', ['pack', PKG, '--pack-destination', tmp, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tgz = fs.readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  execFileSync('tar', ['-xzf', path.join(tmp, tgz), '-C', tmp]);
  return path.join(tmp, 'package');
}

function readTsv(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.length);
  const head = lines.shift().split('\t');
  return lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [head[i], v])));
}

const fail = (msg) => { console.error('ERROR: ' + msg); process.exitCode = 1; };
const fx = (n) => n.toFixed(6);
const rad = Math.PI / 180;
function km(a, b) {
  const dl = (b.lat - a.lat) * rad, dg = (b.lng - a.lng) * rad;
  const h = Math.sin(dl / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dg / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
const mercY = (lat) => Math.log(Math.tan(Math.PI / 4 + (lat * rad) / 2));

function build(pkgDir) {
  const file = path.join(pkgDir, 'dist', 'data', 'japan_cities.json');
  const raw = fs.readFileSync(file);
  const sha = createHash('sha256').update(raw).digest('hex');
  if (sha !== CITIES_SHA256) fail(`japan_cities.json sha256 ${sha} differs from the pinned ${CITIES_SHA256}`);
  const src = JSON.parse(raw.toString('utf8'));

  const byName = new Map(PREFS.map(([code, name]) => [name, code]));
  const rows = [];
  const log = [];
  for (const x of src) {
    if (DROP_IDS.has(x.id)) { log.push(`dropped ${x.state} ${x.city}: ${DROP_IDS.get(x.id)}`); continue; }
    const code = byName.get(x.state);
    if (!code) { fail(`unknown state ${x.state}`); continue; }
    if (x.country !== '日本') fail(`non-Japan entry ${x.id}`);
    let city = x.city;
    const rn = RENAME.get(`${x.state}|${city}`);
    if (rn) { log.push(`renamed ${x.state} ${city} -> ${rn}`); city = rn; }
    rows.push({ code, pref: x.state, city, lat: x.latitude, lng: x.longitude, src: 'osm' });
  }
  if (rows.some((r) => r.code === 'fukuoka')) fail('package now has 福岡県 entries: review tools/data/fukuoka.tsv');
  for (const r of readTsv(path.join(HERE, 'fukuoka.tsv'))) {
    rows.push({ code: 'fukuoka', pref: '福岡県', city: r.city, lat: +r.lat, lng: +r.lng, src: 'manual' });
  }
  for (const r of readTsv(path.join(HERE, 'additions.tsv'))) {
    const code = byName.get(r.prefecture_name);
    if (rows.some((x) => x.code === code && x.city === r.city)) fail(`addition ${r.city} already present in the package`);
    rows.push({ code, pref: r.prefecture_name, city: r.city, lat: +r.lat, lng: +r.lng, src: 'manual' });
    log.push(`added ${r.prefecture_name} ${r.city}: ${r.reason}`);
  }

  // ---- validation
  const seen = new Set();
  for (const r of rows) {
    const k = r.code + '|' + r.city;
    if (seen.has(k)) fail(`duplicate ${k}`);
    seen.add(k);
    if (!/^[^\t\n]+[市区町村]$/.test(r.city)) fail(`not a municipality name: ${r.city}`);
    if (!(r.lat > 20 && r.lat < 46 && r.lng > 122 && r.lng < 154)) fail(`outside Japan: ${k} ${r.lat},${r.lng}`);
    const box = CHECK_BOX[r.code];
    if (r.src === 'manual' && box && !(r.lat >= box[0] && r.lat <= box[1] && r.lng >= box[2] && r.lng <= box[3])) {
      fail(`outside ${r.code} box: ${k} ${r.lat},${r.lng}`);
    }
  }
  // Every point's nearest same-prefecture municipality must be reasonably close
  // (catches swapped lat/lng and typos); islands are allowed to be remote.
  for (const r of rows.filter((x) => x.src === 'manual' && x.code === 'fukuoka')) {
    const d = Math.min(...rows.filter((y) => y !== r && y.code === r.code).map((y) => km(r, y)));
    if (d > 25) fail(`${r.city}: nearest 福岡県 neighbour is ${d.toFixed(1)} km away`);
  }
  for (const [code, name, , n] of PREFS) {
    const c = rows.filter((r) => r.code === code).length;
    if (c !== n) fail(`${name}: ${c} municipalities, expected ${n}`);
  }

  const order = new Map(PREFS.map(([code], i) => [code, i]));
  rows.sort((a, b) => order.get(a.code) - order.get(b.code) || (a.city < b.city ? -1 : a.city > b.city ? 1 : 0));
  const gaz = ['prefecture_code\tprefecture_name\tcity\tlat\tlng']
    .concat(rows.map((r) => [r.code, r.pref, r.city, fx(r.lat), fx(r.lng)].join('\t')))
    .join('\n') + '\n';

  // ---- prefectures
  const prefLines = ['code\tname\tregion\tlat\tlng\tzoom'];
  for (const [code, name, region] of PREFS) {
    const off = new Set(OFFSHORE[code] || []);
    const pts = rows.filter((r) => r.code === code && !off.has(r.city));
    for (const o of off) if (!rows.some((r) => r.code === code && r.city === o)) fail(`OFFSHORE ${code} ${o} not in gazetteer`);
    let lat = pts.reduce((s, r) => s + r.lat, 0) / pts.length;
    let lng = pts.reduce((s, r) => s + r.lng, 0) / pts.length;
    if (CENTER_OVERRIDE[code]) [lat, lng] = CENTER_OVERRIDE[code];
    // zoom that fits the points' bounding box (+15% margin) into 400x600 px
    const lats = pts.map((r) => r.lat), lngs = pts.map((r) => r.lng);
    const dx = (Math.max(...lngs) - Math.min(...lngs)) * 1.15 || 0.1;
    const dy = (mercY(Math.max(...lats)) - mercY(Math.min(...lats))) * 1.15 || 0.002;
    const zx = Math.log2((400 * 360) / (256 * dx));
    const zy = Math.log2((600 * 2 * Math.PI) / (256 * dy));
    let zoom = Math.max(5, Math.min(11, Math.floor(Math.min(zx, zy))));
    if (ZOOM_OVERRIDE[code]) zoom = ZOOM_OVERRIDE[code];
    prefLines.push([code, name, region, lat.toFixed(5), lng.toFixed(5), zoom].join('\t'));
  }
  const prefs = prefLines.join('\n') + '\n';
  return { gaz, prefs, log, count: rows.length };
}

const pkgDir = fetchPackage();
const out = build(pkgDir);
const targets = [['data/gazetteer.tsv', out.gaz], ['data/prefectures.tsv', out.prefs]];
if (process.argv.includes('--check')) {
  for (const [rel, text] of targets) {
    const cur = fs.existsSync(path.join(ROOT, rel)) ? fs.readFileSync(path.join(ROOT, rel), 'utf8') : '';
    if (cur !== text) fail(`${rel} is not what the script produces; re-run without --check`);
  }
} else if (!process.exitCode) {
  for (const [rel, text] of targets) fs.writeFileSync(path.join(ROOT, rel), text);
}
for (const l of out.log) console.log(l);
console.log(`${out.count} municipalities, 47 prefectures${process.exitCode ? ' (FAILED, nothing written)' : ''}`);
