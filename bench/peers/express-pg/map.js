// The map's reads on the database, as the server's store service does them
// (core/src/map/store_service.cpp, pg_store_repository.cpp): a box's stores (a cut list
// keeps the nearest the centre), and the clusters of a view.
import { aggregatePoints, cellBounds, cellRangeForView } from './cells.js';

const kMarkerZoom = 15; // from here on, always markers
const kMaxMarkersInView = 300;
const kMaxSingleClusterLookups = 64;
const kFirstWalkFactor = 2;
const kWalkGrowth = 4;
const kBoundMargin = 1.0 - 1e-9;

// The list's order: squared distance from the box's centre on the plane with longitude
// scaled by cos(centre latitude), then id (docs/decisions/truncated-list-order.md).
function boxOrder(box) {
  const centre = { lat: (box.minLat + box.maxLat) / 2, lng: (box.minLng + box.maxLng) / 2 };
  const scale = Math.cos((centre.lat * Math.PI) / 180);
  const key = (s) => {
    const dx = (s.lng - centre.lng) * scale;
    const dy = s.lat - centre.lat;
    return dx * dx + dy * dy;
  };
  return { centre, scale, key };
}

// The nearest `wanted` stores of the box, nearest first: the box read best first by the
// index's unscaled distance d; once `wanted` stores have a key below (c·d)² of the last one
// read, no store not yet read comes before them.
async function nearestInBox(db, box, wanted) {
  const order = boxOrder(box);
  for (let batch = wanted * kFirstWalkFactor; ; batch *= kWalkGrowth) {
    const rows = await db.walkBox(box, batch, order.centre);
    const keyed = rows.map((s) => ({ s, k: order.key(s) })).sort((a, b) => a.k - b.k || a.s.id - b.s.id);
    const keep = Math.min(wanted, keyed.length);
    let complete = rows.length < batch;
    if (!complete && keep === wanted) {
      const d = rows[rows.length - 1].d;
      complete = keyed[keep - 1].k < order.scale * order.scale * d * d * kBoundMargin;
    }
    if (complete) return keyed.slice(0, keep).map(({ s }) => s);
  }
}

// Up to `limit` active stores of the box in the list's order: all of them, sorted, or, when
// there are more, the nearest `limit`.
export async function inBbox(db, box, limit) {
  const rows = await db.inBox(box, limit + 1);
  if (rows.length > limit) return nearestInBox(db, box, limit);
  const order = boxOrder(box);
  return rows
    .map((s) => ({ s, k: order.key(s) }))
    .sort((a, b) => a.k - b.k || a.s.id - b.s.id)
    .map(({ s }) => s);
}

// GET /stores/clusters without filters: markers at zoom >= 15 or when the view's cells hold
// at most 300 stores; else one cluster per cell, a cluster of one shown as its store.
export async function clusters(db, box, zoom) {
  const markers = async () => ({ clusters: [], stores: await inBbox(db, box, kMaxMarkersInView) });
  if (zoom >= kMarkerZoom) return markers();
  const range = cellRangeForView(box, zoom);
  const cells = (await db.keepsCells()) ? await keptCells(db, range) : await pointCells(db, range);
  const total = cells.reduce((n, c) => n + c.count, 0);
  if (total <= kMaxMarkersInView) return markers();
  const out = { clusters: [], stores: [] };
  let lookups = 0;
  for (const c of cells) {
    if (c.count <= 0) continue;
    const bounds = cellBounds(range.level, c.x, c.y);
    if (c.count === 1 && lookups < kMaxSingleClusterLookups) {
      lookups += 1;
      const [store] = await inBbox(db, bounds, 1);
      if (store) {
        out.stores.push(store);
        continue;
      }
    }
    out.clusters.push({ lat: c.sumLat / c.count, lng: c.sumLng / c.count, count: c.count, bounds });
  }
  return out;
}

// The kept per-cell sums of the range (store_cells, any type and product).
async function keptCells(db, range) {
  return (await db.keptCells(range)).map((r) => ({ x: r.cx, y: r.cy, count: r.count, sumLat: r.sum_lat, sumLng: r.sum_lng }));
}

// The active stores of the range's box, aggregated per cell; a store on the box's edge may
// fall in a cell beside the range.
async function pointCells(db, range) {
  const a = cellBounds(range.level, range.minX, range.minY);
  const b = cellBounds(range.level, range.maxX, range.maxY);
  const box = {
    minLng: Math.min(a.minLng, b.minLng),
    minLat: Math.min(a.minLat, b.minLat),
    maxLng: Math.max(a.maxLng, b.maxLng),
    maxLat: Math.max(a.maxLat, b.maxLat),
  };
  return aggregatePoints(await db.cellPoints(box), range.level).filter(
    (c) => c.x >= range.minX && c.x <= range.maxX && c.y >= range.minY && c.y <= range.maxY,
  );
}
