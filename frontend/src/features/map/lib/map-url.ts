import type { LatLng } from '@/lib/geolocation';
import type { MapView } from '@/lib/prefecture-views';
import { EMPTY_FILTERS, type LotteryFilter, type ProductFilter, type StoreFilters } from '../types/store';

/**
 * The map's filters and view in its URL, so reload, back and a shared link keep them
 * (docs/decisions/map-on-a-phone.md):
 *   recent=1                      24時間以内に報告あり
 *   lottery=open|closing          抽選受付中 / まもなく締切
 *   product=packs|boxes|singles   商品
 *   type=card_shop,convenience    店舗の種類 (sorted)
 *   view=35.6812,139.7671,12      centre and zoom after the user has moved the map
 * `prefecture=` and `lat=&lng=` keep their meaning (SPEC §2).
 */
export const URL_PARAM = { recent: 'recent', lottery: 'lottery', product: 'product', types: 'type', view: 'view' } as const;

const PRODUCTS: readonly ProductFilter[] = ['packs', 'boxes', 'singles'];
const LOTTERIES: readonly LotteryFilter[] = ['open', 'closing'];
const TYPE_KEY = /^[a-z_]{1,32}$/;
/** At most this many type keys are read from a URL (the server takes 16). */
const MAX_URL_TYPES = 16;
const VIEW_DECIMALS = 5;
const MIN_VIEW_ZOOM = 4;
const MAX_VIEW_ZOOM = 20;

export function filtersFromParams(params: URLSearchParams): StoreFilters {
  const product = params.get(URL_PARAM.product) as ProductFilter | null;
  const lottery = params.get(URL_PARAM.lottery) as LotteryFilter | null;
  const types = (params.get(URL_PARAM.types) ?? '')
    .split(',')
    .filter((k) => TYPE_KEY.test(k))
    .slice(0, MAX_URL_TYPES);
  return {
    ...EMPTY_FILTERS,
    recentOnly: params.get(URL_PARAM.recent) === '1',
    lottery: lottery && LOTTERIES.includes(lottery) ? lottery : '',
    product: product && PRODUCTS.includes(product) ? product : '',
    types: [...new Set(types)],
  };
}

/** The params with the filters written in (empty filters leave no trace). */
export function withFilters(params: URLSearchParams, filters: StoreFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  if (filters.recentOnly) next.set(URL_PARAM.recent, '1');
  else next.delete(URL_PARAM.recent);
  if (filters.lottery) next.set(URL_PARAM.lottery, filters.lottery);
  else next.delete(URL_PARAM.lottery);
  if (filters.product) next.set(URL_PARAM.product, filters.product);
  else next.delete(URL_PARAM.product);
  if (filters.types.length > 0) next.set(URL_PARAM.types, [...filters.types].sort().join(','));
  else next.delete(URL_PARAM.types);
  return next;
}

export function viewFromParams(params: URLSearchParams): MapView | null {
  const parts = (params.get(URL_PARAM.view) ?? '').split(',');
  if (parts.length !== 3) return null;
  const [lat, lng, zoom] = parts.map(Number) as [number, number, number];
  if (![lat, lng, zoom].every(Number.isFinite)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180 || zoom < MIN_VIEW_ZOOM || zoom > MAX_VIEW_ZOOM) return null;
  return { center: [lat, lng], zoom: Math.round(zoom) };
}

export function formatView(lat: number, lng: number, zoom: number): string {
  return `${lat.toFixed(VIEW_DECIMALS)},${lng.toFixed(VIEW_DECIMALS)},${Math.round(zoom)}`;
}

export function withView(params: URLSearchParams, view: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(URL_PARAM.view, view);
  return next;
}

/** The map's reach: Japan with its remote islands (the map cannot be moved outside). */
export const JAPAN_BOUNDS: [[number, number], [number, number]] = [
  [18, 115],
  [50, 160],
];

/**
 * ?lat=&lng= (SPEC §2): the point, or why there is none. `invalid`: given but not two
 * numbers in range; `outside`: a real position the map cannot show (outside Japan, e.g. 0,0).
 */
export function pointFromParams(params: URLSearchParams): { point: LatLng | null; problem: 'invalid' | 'outside' | null } {
  if (!params.has('lat') && !params.has('lng')) return { point: null, problem: null };
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  const given = params.get('lat')?.trim() && params.get('lng')?.trim();
  if (!given || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return { point: null, problem: 'invalid' };
  const [[south, west], [north, east]] = JAPAN_BOUNDS;
  if (lat < south || lat > north || lng < west || lng > east) return { point: null, problem: 'outside' };
  return { point: { lat, lng }, problem: null };
}
