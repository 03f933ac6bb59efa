// The SQL: the statements of the server's PostgreSQL repositories
// (adapters/storage/src/postgres/repositories/), without the filter clauses the bench never
// uses, as named (prepared) queries on a pg Pool. Every function returns plain rows.
import pg from 'pg';

// bigint (count(*), ids, unix times) as a number, as a developer sets it once: every value
// here fits in 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

// The server's store columns (store_rows.hpp kStoreColumns) and report columns (report_rows.hpp).
const storeColumns =
  's.id, s.name, s.store_type, s.prefecture, s.city, s.address, s.lat, s.lng, ' +
  's.location_precision, s.sells_packs, s.sells_boxes, s.sells_singles, s.status, s.source, ' +
  's.external_id, s.created_at, s.updated_at, s.last_report_at, s.last_report_kind, ' +
  's.last_pack_at, s.last_pack_kind, s.last_box_at, s.last_box_kind, s.last_single_at, s.last_single_kind';
const reportColumns =
  'r.id, r.store_id, r.user_id, r.kind, r.product, r.product_name, r.limit_note, r.purchased_at, r.created_at, ' +
  'r.product_id, r.sale_method, r.limit_count, r.limit_unit, r.sales_started_at';

// The box $1..$4 (min lng, min lat, max lng, max lat): the GiST index on point(lng, lat)
// finds the candidates, the BETWEENs keep the edges exact (pg_store_repository.cpp kInBox).
const inBox =
  'point(s.lng, s.lat) <@ box(point($1::float8, $2::float8), point($3::float8, $4::float8))' +
  ' AND s.lng BETWEEN $1::float8 AND $3::float8 AND s.lat BETWEEN $2::float8 AND $4::float8';
// Every word group has a spelling in the name (pg_store_search.cpp every_group_matches).
const everyGroupMatches = (first) =>
  ` AND (SELECT count(DISTINCT u.g) FROM unnest($${first}::text[], $${first + 1}::int[]) AS u(spelling, g)` +
  ` WHERE strpos(lower(s.name COLLATE "C"), u.spelling) > 0) = $${first + 2}::int`;

const sql = {
  inBox: `SELECT ${storeColumns} FROM stores AS s WHERE ${inBox} AND s.status = 'active' LIMIT $5`,
  // Best first by unscaled distance from ($6, $7): the index's own order.
  walkBox:
    `SELECT ${storeColumns}, point(s.lng, s.lat) <-> point($6::float8, $7::float8) AS d FROM stores AS s` +
    ` WHERE ${inBox} AND s.status = 'active' ORDER BY point(s.lng, s.lat) <-> point($6::float8, $7::float8) LIMIT $5`,
  cellPoints: `SELECT s.lat, s.lng FROM stores AS s WHERE ${inBox} AND s.status = 'active'`,
  keptCells:
    'SELECT cx, cy, sum(count)::bigint AS count, sum(sum_lat) AS sum_lat, sum(sum_lng) AS sum_lng FROM store_cells' +
    ' WHERE level = $1 AND store_type = ANY ($2::text[]) AND product = $3' +
    ' AND cx BETWEEN $4 AND $5 AND cy BETWEEN $6 AND $7 GROUP BY cx, cy ORDER BY cx, cy',
  countActive: "SELECT count(*) AS n FROM stores WHERE status = 'active'",
  countKept: 'SELECT coalesce(sum(count), 0)::bigint AS n FROM prefecture_counts',
  find: `SELECT ${storeColumns} FROM stores AS s WHERE s.id = $1`,
  recentReports:
    `SELECT ${reportColumns} FROM purchase_reports AS r WHERE r.store_id = $1` +
    ' ORDER BY r.purchased_at DESC, r.id DESC LIMIT $2',
  photos:
    'SELECT p.photo_hash, p.thumb_hash, p.width, p.height' +
    ' FROM store_submissions AS sub JOIN submission_photos AS p ON p.submission_id = sub.id' +
    " WHERE sub.store_id = $1 AND sub.status = 'approved'" +
    ' ORDER BY sub.reviewed_at DESC, sub.id DESC, p.position LIMIT $2',
  reportTimes: 'SELECT purchased_at FROM purchase_reports WHERE store_id = $1 AND purchased_at >= $2',
  searchInBox:
    `SELECT ${storeColumns} FROM stores AS s WHERE ${inBox} AND s.status = 'active'` + everyGroupMatches(5) + ' LIMIT $8',
  scanNames: "SELECT id, name FROM stores WHERE status = 'active' ORDER BY id LIMIT $1",
};

export function openDatabase(connectionString) {
  // Connections stay open between runs (the default closes a client idle for 10 s).
  const pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 0 });
  const rows = async (name, values) => (await pool.query({ name, text: sql[name], values })).rows;
  let kept = null; // whether the database keeps per-cell sums and counts (store_cells, prefecture_counts)

  return {
    pool,
    async keepsCells() {
      if (kept === null) {
        const { rows: r } = await pool.query(
          "SELECT to_regclass('store_cells') IS NOT NULL AND to_regclass('prefecture_counts') IS NOT NULL AS kept",
        );
        kept = r[0].kept;
      }
      return kept;
    },
    async countActive() {
      return (await rows((await this.keepsCells()) ? 'countKept' : 'countActive', []))[0].n;
    },
    inBox: (box, limit) => rows('inBox', [box.minLng, box.minLat, box.maxLng, box.maxLat, limit]),
    walkBox: (box, limit, centre) =>
      rows('walkBox', [box.minLng, box.minLat, box.maxLng, box.maxLat, limit, centre.lng, centre.lat]),
    cellPoints: (box) => rows('cellPoints', [box.minLng, box.minLat, box.maxLng, box.maxLat]),
    keptCells: (range) =>
      rows('keptCells', [range.level, ['*'], '*', range.minX, range.maxX, range.minY, range.maxY]),
    find: (id) => rows('find', [id]),
    recentReports: (id, limit) => rows('recentReports', [id, limit]),
    photos: (id, limit) => rows('photos', [id, limit]),
    reportTimes: (id, since) => rows('reportTimes', [id, since]),
    searchInBox: (box, groups, limit) =>
      rows('searchInBox', [box.minLng, box.minLat, box.maxLng, box.maxLat, ...groupParams(groups), limit]),
    scanNames: (limit) => rows('scanNames', [limit]),
    // Names containing one of the indexed group's spellings through pg_trgm's index, sent
    // unprepared (as the server does) so PostgreSQL plans it for these very patterns.
    async byIndex(indexed, groups, limit) {
      const values = indexed.map(containsPattern);
      const anySpelling = values.map((_, i) => `s.name ILIKE $${i + 1}`).join(' OR ');
      const at = values.length + 1;
      const text =
        `SELECT ${storeColumns} FROM stores AS s WHERE (${anySpelling}) AND s.status = 'active'` +
        everyGroupMatches(at) +
        ` ORDER BY s.id LIMIT $${at + 3}`;
      return (await pool.query(text, [...values, ...groupParams(groups), limit])).rows;
    },
  };
}

// Every spelling, the 1-based group of each, how many groups.
function groupParams(groups) {
  const spellings = groups.flat();
  const numbers = groups.flatMap((g, i) => g.map(() => i + 1));
  return [spellings, numbers, groups.length];
}

const containsPattern = (text) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
