// The benchmark peer: the server a developer would otherwise write for the map's hot reads,
// Node + Express + better-sqlite3, reading the same database file with the same SQL (the
// same R*Tree join) and answering byte-identical JSON:
//   GET /api/v1/healthz                        {"success":true,"data":{"status":"ok","stores":N}}
//   GET /api/v1/stores?bbox=W,S,E,N&limit=L    active stores in the box, as docs/API.md (nearest
//                                              the box's centre first; a cut list keeps the nearest)
// Other query parameters (cache busters) are ignored, as the real server does.
// Bench only: bench/peer_bench.sh installs it (npm ci) and runs it; nothing else does.
//
// Usage: node server.js --db FILE --port PORT --prefectures FILE.json
//   FILE.json: {"tokyo":"東京都",…}, the prefecture names (the bench takes them from the
//   real server's /api/v1/prefectures, so both servers name them alike).
import fs from 'node:fs';
import Database from 'better-sqlite3';
import express from 'express';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const db = new Database(args.db, { readonly: true, fileMustExist: true });
db.pragma('query_only = 1');
const prefectureNames = JSON.parse(fs.readFileSync(args.prefectures, 'utf8'));

const kDefaultLimit = 300;
const kMaxLimit = 500;
const kCoordinateStepsPerDegree = 1e6;

const columns =
  's.id, s.name, s.store_type, s.prefecture, s.city, s.address, s.lat, s.lng, s.location_precision, ' +
  's.sells_packs, s.sells_boxes, s.sells_singles, s.last_report_at, s.last_report_kind, ' +
  's.last_pack_at, s.last_pack_kind, s.last_box_at, s.last_box_kind, s.last_single_at, s.last_single_kind';
// The real server's statement: the R*Tree as the outer loop, then the exact box test.
const inBox = db.prepare(
  `SELECT ${columns} FROM stores_rtree AS r CROSS JOIN stores AS s ON s.id = r.id` +
    ' WHERE r.min_lng <= @max_lng AND r.max_lng >= @min_lng AND r.min_lat <= @max_lat AND r.max_lat >= @min_lat' +
    ' AND s.lng BETWEEN @min_lng AND @max_lng AND s.lat BETWEEN @min_lat AND @max_lat' +
    " AND s.status = 'active' LIMIT @limit",
);
// A cut list keeps the stores nearest the box's centre (docs/API.md): every listed store of
// the box, ordered here by the same key as the real server.
const allInBox = db.prepare(
  `SELECT ${columns} FROM stores_rtree AS r CROSS JOIN stores AS s ON s.id = r.id` +
    ' WHERE r.min_lng <= @max_lng AND r.max_lng >= @min_lng AND r.min_lat <= @max_lat AND r.max_lat >= @min_lat' +
    ' AND s.lng BETWEEN @min_lng AND @max_lng AND s.lat BETWEEN @min_lat AND @max_lat' +
    " AND s.status = 'active'",
);
const countActive = db.prepare(
  "SELECT coalesce(sum(count), 0) AS n FROM store_cells WHERE level = 0 AND store_type = '*' AND product = '*'",
);

const coordinate = (d) => Math.round(d * kCoordinateStepsPerDegree) / kCoordinateStepsPerDegree;
const triState = (v) => (v === null ? null : v === 1);
const iso = (t) => (t === null ? null : new Date(t * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'));

const latest = (at, kind) => (at === null ? null : { kind, at: iso(at) });

function storeJson(s) {
  return {
    id: s.id,
    name: s.name,
    store_type: s.store_type,
    prefecture: s.prefecture,
    prefecture_name: prefectureNames[s.prefecture] ?? '',
    city: s.city,
    address: s.address,
    lat: coordinate(s.lat),
    lng: coordinate(s.lng),
    location_precision: s.location_precision,
    sells: { packs: triState(s.sells_packs), boxes: triState(s.sells_boxes), singles: triState(s.sells_singles) },
    last_report_at: iso(s.last_report_at),
    last_report_kind: s.last_report_kind,
    latest_by_product: {
      pack: latest(s.last_pack_at, s.last_pack_kind),
      box: latest(s.last_box_at, s.last_box_kind),
      single: latest(s.last_single_at, s.last_single_kind),
    },
  };
}

function badRequest(res, message) {
  res.status(400).type('application/json; charset=utf-8').send(JSON.stringify({ success: false, error: message, code: 'bad_request' }));
}

const app = express();
app.disable('x-powered-by');
app.disable('etag');

app.get('/api/v1/healthz', (req, res) => {
  const { n } = countActive.get();
  res
    .type('application/json; charset=utf-8')
    .set('Cache-Control', 'no-store')
    .send(JSON.stringify({ success: true, data: { status: 'ok', stores: n } }));
});

app.get('/api/v1/stores', (req, res) => {
  const parts = String(req.query.bbox ?? '').split(',').map(Number);
  if (parts.length !== 4 || parts.some((v) => !Number.isFinite(v))) return badRequest(res, 'bbox');
  const [minLng, minLat, maxLng, maxLat] = parts;
  const limit = req.query.limit === undefined ? kDefaultLimit : Number(req.query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > kMaxLimit) return badRequest(res, 'limit');
  const box = { min_lng: minLng, min_lat: minLat, max_lng: maxLng, max_lat: maxLat };
  let rows = inBox.all({ ...box, limit: limit + 1 });
  const truncated = rows.length > limit;
  // Nearest the centre on the plane with longitude scaled by cos(centre latitude), then id:
  // every list, and a cut one keeps the nearest of all the box's stores.
  const cLat = (minLat + maxLat) / 2;
  const cLng = (minLng + maxLng) / 2;
  const scale = Math.cos((cLat * Math.PI) / 180);
  const key = (s) => {
    const dx = (s.lng - cLng) * scale;
    const dy = s.lat - cLat;
    return dx * dx + dy * dy;
  };
  rows = (truncated ? allInBox.all(box) : rows)
    .map((s) => ({ s, k: key(s) }))
    .sort((a, b) => a.k - b.k || a.s.id - b.s.id)
    .slice(0, limit)
    .map(({ s }) => s);
  res
    .type('application/json; charset=utf-8')
    .set('Cache-Control', 'no-store')
    .send(JSON.stringify({ success: true, data: rows.map(storeJson), truncated }));
});

const server = app.listen(Number(args.port), '127.0.0.1', () => {
  process.stderr.write(`{"event":"listening","port":"${server.address().port}"}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
