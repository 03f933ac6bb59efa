// Core's clustering cells (core/src/map/clustering.cpp): Web Mercator squares of 64 px at
// zoom = level, kept for levels 0..12, with the same float operations in the same order.
const kMaxMercatorLat = 85.05112878;
const kMaxCellLevel = 12;
const kMaxCellsPerQuery = 2048;

const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
const mercatorX = (lng) => (lng + 180.0) / 360.0;
function mercatorY(lat) {
  const phi = (clamp(lat, -kMaxMercatorLat, kMaxMercatorLat) * Math.PI) / 180.0;
  return (1.0 - Math.log(Math.tan(phi) + 1.0 / Math.cos(phi)) / Math.PI) / 2.0;
}
const lngOf = (x) => x * 360.0 - 180.0;
const latOf = (y) => (Math.atan(Math.sinh(Math.PI * (1.0 - 2.0 * y))) * 180.0) / Math.PI;
const cellsPerAxis = (level) => 2 ** level * (256 / 64);
const toIndex = (unit, n) => clamp(Math.floor(unit * n), 0, n - 1);

export function cellOf(p, level) {
  const n = cellsPerAxis(level);
  return { x: toIndex(mercatorX(p.lng), n), y: toIndex(mercatorY(p.lat), n) };
}

export function cellBounds(level, x, y) {
  const n = cellsPerAxis(level);
  return { minLng: lngOf(x / n), minLat: latOf((y + 1) / n), maxLng: lngOf((x + 1) / n), maxLat: latOf(y / n) };
}

function cellsCovering(box, level) {
  const n = cellsPerAxis(level);
  // y grows southwards: the north edge gives the smallest y.
  return {
    level,
    minX: toIndex(mercatorX(box.minLng), n),
    maxX: toIndex(mercatorX(box.maxLng), n),
    minY: toIndex(mercatorY(box.maxLat), n),
    maxY: toIndex(mercatorY(box.minLat), n),
  };
}

const cellCount = (r) => (r.maxX - r.minX + 1) * (r.maxY - r.minY + 1);

// The cells a view asks for: its zoom's level, coarser while that would be too many cells.
export function cellRangeForView(box, zoom) {
  let range = cellsCovering(box, clamp(zoom, 0, kMaxCellLevel));
  while (range.level > 0 && cellCount(range) > kMaxCellsPerQuery) range = cellsCovering(box, range.level - 1);
  return range;
}

// Count and coordinate sums per cell of the points, in the order they come (core's
// aggregate_points), sorted by (x, y).
export function aggregatePoints(points, level) {
  const cells = new Map();
  for (const p of points) {
    const { x, y } = cellOf(p, level);
    const key = `${x},${y}`;
    let c = cells.get(key);
    if (!c) cells.set(key, (c = { x, y, count: 0, sumLat: 0, sumLng: 0 }));
    c.count += 1;
    c.sumLat += p.lat;
    c.sumLng += p.lng;
  }
  return [...cells.values()].sort((a, b) => a.x - b.x || a.y - b.y);
}
