// The benchmark peer on PostgreSQL: the server a developer would otherwise write for the
// map's reads, Node + Express + pg (node-postgres) on a pg Pool, asking the same database
// with the same SQL as the server's PostgreSQL repositories (queries.js) and answering
// byte-identical JSON (json.js) for
//   GET /api/v1/healthz                          {"success":true,"data":{"status":"ok","stores":N}}
//   GET /api/v1/stores?bbox=W,S,E,N&limit=L      the box's active stores (map.js)
//   GET /api/v1/stores/clusters?bbox=…&zoom=Z    clusters or markers (map.js, cells.js)
//   GET /api/v1/stores/:id                       the store with its photos, recent reports, activity
//   GET /api/v1/stores/search?q=…&limit=&lat=&lng=   by name (search.js; no places)
// No filters (type, product, reported_within_hours, lottery): they answer 400 here. Other
// query parameters (cache busters) are ignored, as the real server does.
// Bench only: bench/peer_bench_pg.sh installs it (npm ci) and runs it; nothing else does.
//
// Usage: node server.js --pg CONNECTION --port PORT --prefectures FILE.json
//   CONNECTION: a libpq URL or key=value string (PG* environment variables fill the rest);
//   FILE.json: {"tokyo":"東京都",…}, the prefecture names (the bench takes them from the
//   real server's /api/v1/prefectures).
import fs from 'node:fs';
import express from 'express';
import { openDatabase } from './queries.js';
import { badRequest, clusterJson, photoJson, reportJson, send, storeJson } from './json.js';
import { clusters, inBbox } from './map.js';
import { searchStores, searchWords } from './search.js';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const db = openDatabase(args.pg);
const prefectureNames = JSON.parse(fs.readFileSync(args.prefectures, 'utf8'));
const store = (s) => storeJson(s, prefectureNames);

const kDefaultLimit = 200;
const kMaxLimit = 500;
const kMaxZoom = 20;
const kMaxBboxSpanDeg = 60.0;
const kRecentReportsPerStore = 10;
const kMaxPhotosPerStore = 30;
const kActivityDays = 30;
const kJapanUtcOffsetSeconds = 9 * 3600;
const kDefaultSearchLimit = 10;
const kMaxSearchLimit = 20;
const filterParams = ['type', 'product', 'reported_within_hours', 'lottery'];

const integer = (text, fallback, min, max) => {
  if (text === undefined) return fallback;
  const v = /^-?\d+$/.test(text) ? Number(text) : NaN;
  return Number.isInteger(v) && v >= min && v <= max ? v : null;
};

function parseBbox(text) {
  const v = String(text ?? '').split(',').map((s) => (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : NaN));
  if (v.length !== 4 || v.some((x) => !Number.isFinite(x))) return null;
  const [minLng, minLat, maxLng, maxLat] = v;
  const ok = minLat >= -90 && maxLat <= 90 && minLng >= -180 && maxLng <= 180 && minLat < maxLat && minLng < maxLng;
  if (!ok || maxLng - minLng > kMaxBboxSpanDeg || maxLat - minLat > kMaxBboxSpanDeg) return null;
  return { minLng, minLat, maxLng, maxLat };
}

// Express 4 does not pass a rejected promise to the error handler: wrap the async routes.
const route = (fn) => (req, res, next) => fn(req, res).catch(next);
const ok = (res, data) => send(res, 200, { success: true, data });

const app = express();
app.disable('x-powered-by');
app.disable('etag');

app.get(
  '/api/v1/healthz',
  route(async (req, res) => ok(res, { status: 'ok', stores: await db.countActive() })),
);

app.get(
  '/api/v1/stores',
  route(async (req, res) => {
    if (filterParams.some((p) => p in req.query)) return badRequest(res, 'filters');
    const box = parseBbox(req.query.bbox);
    if (!box) return badRequest(res, 'bbox');
    const limit = integer(req.query.limit, kDefaultLimit, 1, kMaxLimit);
    if (limit === null) return badRequest(res, 'limit');
    const rows = await inBbox(db, box, limit + 1);
    const truncated = rows.length > limit;
    send(res, 200, { success: true, data: rows.slice(0, limit).map(store), truncated });
  }),
);

app.get(
  '/api/v1/stores/clusters',
  route(async (req, res) => {
    if (filterParams.some((p) => p in req.query)) return badRequest(res, 'filters');
    const box = parseBbox(req.query.bbox);
    if (!box) return badRequest(res, 'bbox');
    const zoom = req.query.zoom === undefined ? null : integer(req.query.zoom, 0, 0, kMaxZoom);
    if (zoom === null) return badRequest(res, 'zoom');
    const found = await clusters(db, box, zoom);
    ok(res, { clusters: found.clusters.map(clusterJson), stores: found.stores.map(store) });
  }),
);

app.get(
  '/api/v1/stores/search',
  route(async (req, res) => {
    const words = searchWords(String(req.query.q ?? ''));
    if (!words) return badRequest(res, 'q');
    const limit = integer(req.query.limit, kDefaultSearchLimit, 1, kMaxSearchLimit);
    if (limit === null) return badRequest(res, 'limit');
    let near = null;
    if (req.query.lat !== undefined || req.query.lng !== undefined) {
      near = { lat: Number(req.query.lat), lng: Number(req.query.lng) };
      if (!(Math.abs(near.lat) <= 90 && Math.abs(near.lng) <= 180)) return badRequest(res, 'lat/lng');
    }
    const stores = await searchStores(db, words, limit, near);
    send(res, 200, { success: true, stores: stores.map(store), places: [] });
  }),
);

// Counts per weekday (0 = Sunday) and hour of the report times, in Japan time.
function activity(times) {
  const a = { days: kActivityDays, by_weekday: new Array(7).fill(0), by_hour: new Array(24).fill(0) };
  for (const { purchased_at: t } of times) {
    const local = new Date((t + kJapanUtcOffsetSeconds) * 1000);
    a.by_weekday[local.getUTCDay()] += 1;
    a.by_hour[local.getUTCHours()] += 1;
  }
  return a;
}

app.get(
  '/api/v1/stores/:id(\\d+)',
  route(async (req, res) => {
    const id = Number(req.params.id);
    const [s] = await db.find(id);
    if (!s || s.status !== 'active') return send(res, 404, { success: false, error: 'not found', code: 'not_found' });
    const since = Math.floor(Date.now() / 1000) - kActivityDays * 24 * 3600;
    const [reports, photos, times] = await Promise.all([
      db.recentReports(id, kRecentReportsPerStore),
      db.photos(id, kMaxPhotosPerStore),
      db.reportTimes(id, since),
    ]);
    ok(res, {
      ...store(s),
      photos: photos.map(photoJson),
      recent_reports: reports.map(reportJson),
      status: s.status,
      activity: activity(times),
    });
  }),
);

app.use((err, req, res, _next) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  send(res, 500, { success: false, error: 'internal', code: 'internal' });
});

const server = app.listen(Number(args.port), '127.0.0.1', async () => {
  const kept = await db.keepsCells();
  process.stderr.write(`{"event":"listening","port":"${server.address().port}","kept_cells":${kept}}\n`);
});
process.on('SIGTERM', () => server.close(() => db.pool.end().then(() => process.exit(0))));
