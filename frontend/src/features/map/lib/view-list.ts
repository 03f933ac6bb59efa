import type { ReportProduct, Store } from '@/api/stores';
import { distanceKm } from '@/lib/distance';
import { latestReport } from './latest-result';

/**
 * The list sheet while clusters are shown (docs/decisions/map-on-a-phone.md): the
 * most useful stores for the view without zooming: those with a 購入できた report in the
 * last 24 h first, then the other stores; each group nearest to the view's centre first
 * (a prefecture's page lists that prefecture before the neighbours at the view's edge).
 */

/** How many stores the sheet lists while clusters are shown. */
export const VIEW_LIST_SIZE = 20;
/** How many recently reported stores are asked for (the newest are kept). */
export const VIEW_LIST_RECENT_LIMIT = 200;
/** /stores?lat=&lng= takes a radius of at most 50 km (docs/API.md). */
export const VIEW_LIST_MAX_RADIUS_KM = 50;
export const VIEW_LIST_MIN_RADIUS_KM = 0.1;

export interface ViewBox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

export function parseBbox(bbox: string): ViewBox | null {
  const parts = bbox.split(',').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [minLng, minLat, maxLng, maxLat] = parts as [number, number, number, number];
  return { minLng, minLat, maxLng, maxLat };
}

export function centreOf(box: ViewBox): { lat: number; lng: number } {
  return { lat: (box.minLat + box.maxLat) / 2, lng: (box.minLng + box.maxLng) / 2 };
}

/** The radius for the nearest-stores query: the view's half diagonal, within the API's bounds. */
export function nearestRadiusKm(box: ViewBox): number {
  const half = distanceKm(centreOf(box), { lat: box.maxLat, lng: box.maxLng });
  return Math.round(Math.min(VIEW_LIST_MAX_RADIUS_KM, Math.max(VIEW_LIST_MIN_RADIUS_KM, half)) * 10) / 10;
}

const inBox = (box: ViewBox, s: Store) => s.lng >= box.minLng && s.lng <= box.maxLng && s.lat >= box.minLat && s.lat <= box.maxLat;

/**
 * `recent`: stores in the view reported in the last 24 h (any order), kept when their latest
 * report of `product` (of any product without one) says 購入できた; `nearest`: stores
 * nearest to the centre (nearest first). The distance is left out: it is from the map's
 * centre, not from the user.
 */
export function usefulStores(recent: Store[], nearest: Store[], box: ViewBox, size = VIEW_LIST_SIZE, product: ReportProduct | null = null): Store[] {
  const centre = centreOf(box);
  // The latest report of the filter's product (of any product without one) says 購入できた.
  const bought = recent
    .map((s) => ({ s, report: latestReport(s, product) }))
    .filter(({ s, report }) => report?.kind === 'bought' && inBox(box, s))
    .map(({ s, report }) => ({ s, at: report?.at ?? '', km: distanceKm(centre, s) }))
    .sort((a, b) => a.km - b.km || b.at.localeCompare(a.at))
    .map(({ s }) => s);
  const seen = new Set(bought.map((s) => s.id));
  const out = bought.slice(0, size);
  for (const s of nearest) {
    if (out.length >= size) break;
    if (seen.has(s.id) || !inBox(box, s)) continue;
    seen.add(s.id);
    out.push(s);
  }
  return out.map(({ distance_km: _distance, ...rest }) => rest);
}
