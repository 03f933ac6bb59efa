// GET /stores/search by name (core/src/map/store_search.cpp, pg_store_search.cpp): every
// word must match the name in one of its spellings; with lat/lng the stores within 30 km
// come first, nearest first, then (when too few) the matches anywhere, nearest first.
// This peer has no gazetteer: it lists no places and takes every word as a name word, so
// a word naming a municipality or a shopping district answers differently from the server.
import { searchSpellings } from './spellings.js';

const kMaxSearchQueryChars = 50;
const kMaxSearchWords = 5;
const kNearSearchRadiusKm = 30.0;
const kNearSearchCandidates = 100;
const kMaxShortQueryScanRows = 20000;
const kTrigramChars = 3;
const kEarthRadiusKm = 6371.0088;
const kDegToRad = Math.PI / 180.0;

const length = (s) => [...s].length;

export function haversineKm(a, b) {
  const dlat = (b.lat - a.lat) * kDegToRad;
  const dlng = (b.lng - a.lng) * kDegToRad;
  const s =
    Math.sin(dlat / 2) * Math.sin(dlat / 2) +
    Math.cos(a.lat * kDegToRad) * Math.cos(b.lat * kDegToRad) * Math.sin(dlng / 2) * Math.sin(dlng / 2);
  return 2 * kEarthRadiusKm * Math.asin(Math.min(1.0, Math.sqrt(s)));
}

function bboxAround(c, radiusKm) {
  const dlat = radiusKm / kEarthRadiusKm / kDegToRad;
  const widest = Math.min(89.0, Math.abs(c.lat) + dlat);
  const dlng = dlat / Math.cos(widest * kDegToRad);
  return {
    minLng: Math.max(-180.0, c.lng - dlng),
    minLat: Math.max(-90.0, c.lat - dlat),
    maxLng: Math.min(180.0, c.lng + dlng),
    maxLat: Math.min(90.0, c.lat + dlat),
  };
}

// The words of the query (null when it is empty, too long or has control characters).
export function searchWords(q) {
  const text = q.replace(/^[ \t\n\v\f\r\u3000]+|[ \t\n\v\f\r\u3000]+$/g, '');
  // eslint-disable-next-line no-control-regex
  if (text === '' || /[\u0000-\u001f\u007f]/.test(text) || length(text) > kMaxSearchQueryChars) return null;
  return text.split(/[ \t\u3000]+/).filter(Boolean).slice(0, kMaxSearchWords);
}

// The group the trigram index looks up: every spelling at least 3 characters, the one whose
// shortest spelling is longest; null when none.
function indexedGroup(groups) {
  let best = null;
  let bestShortest = 0;
  for (const g of groups) {
    const shortest = Math.min(...g.map(length));
    if (shortest >= kTrigramChars && shortest > bestShortest) [best, bestShortest] = [g, shortest];
  }
  return best;
}

const nameMatches = (name, groups) => {
  const lowered = name.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return groups.every((g) => g.some((spelling) => lowered.includes(spelling)));
};

// The repository's search: in the area around `near`, else through the trigram index, else
// (short words only) the first names in id order matched here.
async function lookUp(db, groups, limit, near) {
  if (near) return db.searchInBox(bboxAround(near, kNearSearchRadiusKm), groups, limit);
  const indexed = indexedGroup(groups);
  if (indexed) return db.byIndex(indexed, groups, limit);
  const out = [];
  for (const { id, name } of await db.scanNames(kMaxShortQueryScanRows)) {
    if (out.length >= limit) break;
    if (nameMatches(name, groups)) out.push(...(await db.find(id)));
  }
  return out;
}

const byDistance = (near) => (a, b) => haversineKm(near, a) - haversineKm(near, b) || a.id - b.id;

export async function searchStores(db, words, limit, near) {
  const groups = words.map(searchSpellings);
  if (!near) return lookUp(db, groups, limit, null);
  const stores = (await lookUp(db, groups, kNearSearchCandidates, near)).sort(byDistance(near));
  if (stores.length < limit) {
    const more = (await lookUp(db, groups, kNearSearchCandidates, null)).sort(byDistance(near));
    for (const s of more) if (!stores.some((t) => t.id === s.id)) stores.push(s);
  }
  return stores.slice(0, limit);
}
