import { RECENT_REPORT_HOURS } from '@/config/constants';
import { buildUrl, send } from '@/lib/http';
import { prefectureView, type MapView } from '@/lib/prefecture-views';
import { filtersToQuery, type Viewport } from '../types/store';
import { clusterRequestZoom } from './cluster-layout';
import { filtersFromParams, viewFromParams } from './map-url';

/**
 * On a visit that lands on /map, the
 * entry asks for the first view's clusters at once, while the map's chunk downloads and
 * runs, instead of after Leaflet has mounted. The map's size is not known yet, so it is
 * worked out from the window and the page's fixed layout (the CSS named below) and the
 * bounds from Leaflet's own arithmetic (EPSG:3857, Map#getBounds). The demo notice (33 px
 * over the map) is counted when the page came with GET /config's data inlined by the server
 * and it says demo data: the notice is then on screen from the first render. The map's first
 * clusters request takes the answer once if it asks for exactly the same box, zoom and
 * filters; anything else (another layout, a notice the prediction did not know of) asks the
 * server as before, so the map never shows an answer for another box.
 */

/** All of Japan: the first view when the query names no place (or an unknown one). */
export const JAPAN_VIEW: MapView = { center: [37.5, 137.5], zoom: 5 };

/** The page's fixed layout around the map (px). */
const LAYOUT = {
  /** global.css --header-height. */
  header: 56,
  /** FilterBar.module.css .bar: 8 px padding, 36 px controls, 8 px padding, 1 px border; one row. */
  filterBar: 53,
  /** RootLayout.module.css .mainFill: min-height. */
  minMainHeight: 480,
  /** StoreListPanel.module.css: the desktop side panel's width. */
  desktopPanel: 360,
  /** StoreMap.module.css: phones keep the map clear of the collapsed list sheet. */
  phoneSheet: 56,
  /** DemoNotice.module.css .notice: 6 px padding, a 20 px badge, 6 px padding, 1 px border; one row. */
  demoNotice: 33,
} as const;
/** StoreListPanel.module.css / StoreMap.module.css breakpoint. */
export const DESKTOP_QUERY = '(min-width: 900px)';

/** A prefetched answer older than this is not used (the map mounts well within it). */
export const PREFETCH_MAX_AGE_MS = 10_000;

const TILE_SIZE = 256;
const EARTH_RADIUS = 6378137; // Leaflet SphericalMercator.R
const MAX_LATITUDE = 85.0511287798;
const TRANSFORM_SCALE = 0.5 / (Math.PI * EARTH_RADIUS);
const BBOX_DECIMALS = 10_000;

const round4 = (v: number) => Math.round(v * BBOX_DECIMALS) / BBOX_DECIMALS;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The view as the API wants it: bbox `minLng,minLat,maxLng,maxLat` (4 decimals, clamped). */
export function formatBbox(west: number, south: number, east: number, north: number): string {
  return [clamp(west, -180, 180), clamp(south, -90, 90), clamp(east, -180, 180), clamp(north, -90, 90)]
    .map(round4)
    .join(',');
}

function project(lat: number, lng: number, zoom: number): [number, number] {
  const d = Math.PI / 180;
  const sin = Math.sin(clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * d);
  const x = EARTH_RADIUS * lng * d;
  const y = (EARTH_RADIUS * Math.log((1 + sin) / (1 - sin))) / 2;
  const scale = TILE_SIZE * 2 ** zoom;
  return [scale * (TRANSFORM_SCALE * x + 0.5), scale * (-TRANSFORM_SCALE * y + 0.5)];
}

function unproject(px: number, py: number, zoom: number): [lat: number, lng: number] {
  const scale = TILE_SIZE * 2 ** zoom;
  const x = (px / scale - 0.5) / TRANSFORM_SCALE;
  const y = (py / scale - 0.5) / -TRANSFORM_SCALE;
  const d = 180 / Math.PI;
  return [(2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * d, (x * d) / EARTH_RADIUS];
}

/** Leaflet's map.getBounds() right after setView(center, zoom) on a map of width × height px. */
export function viewBbox(view: MapView, width: number, height: number): string {
  const [cx, cy] = project(view.center[0], view.center[1], view.zoom);
  const left = Math.round(cx - width / 2);
  const top = Math.round(cy - height / 2);
  const [south, west] = unproject(left, top + height, view.zoom);
  const [north, east] = unproject(left + width, top, view.zoom);
  return formatBbox(west, south, east, north);
}

/** The map's size (px) on /map in a window of this size, with or without the demo notice. */
export function predictedMapSize(
  innerWidth: number,
  innerHeight: number,
  desktop: boolean,
  demoNotice = false,
): [number, number] {
  const main = Math.max(innerHeight, LAYOUT.minMainHeight);
  const height =
    main - LAYOUT.header - LAYOUT.filterBar - (demoNotice ? LAYOUT.demoNotice : 0) - (desktop ? 0 : LAYOUT.phoneSheet);
  return [innerWidth - (desktop ? LAYOUT.desktopPanel : 0), height];
}

/**
 * The map's first view for a /map URL, as StoreMap mounts it, or null where the first view
 * is not the one that matters (a point fits itself to its nearest stores; a store link and a
 * saved route jump away).
 */
export function firstMapView(params: URLSearchParams): MapView | null {
  if (params.has('lat') || params.has('lng') || params.has('store') || params.has('route')) return null;
  return viewFromParams(params) ?? prefectureView(params.get('prefecture')) ?? JAPAN_VIEW;
}

function filterKey(params: URLSearchParams): Record<string, string | number | undefined> {
  return filtersToQuery(filtersFromParams(params), RECENT_REPORT_HOURS);
}

export interface Prefetch {
  zoom: number;
  bbox: string;
  filters: string;
  startedAt: number;
  response: Promise<Response | null>;
}

let pending: Prefetch | null = null;

/**
 * Starts the first view's clusters request for this location (a /map URL) in a window of
 * this size (`demoNotice`: the demo notice is shown from the first render). Returns the
 * request's URL, or null when nothing was started.
 */
export function prefetchFirstMapView(
  location: { pathname: string; search: string },
  innerWidth: number,
  innerHeight: number,
  desktop: boolean,
  demoNotice = false,
): string | null {
  if (location.pathname !== '/map') return null;
  const params = new URLSearchParams(location.search);
  const view = firstMapView(params);
  if (!view) return null;
  const [width, height] = predictedMapSize(innerWidth, innerHeight, desktop, demoNotice);
  if (width <= 0 || height <= 0) return null;
  const bbox = viewBbox(view, width, height);
  const zoom = clusterRequestZoom(view.zoom);
  const filters = filterKey(params);
  const url = buildUrl('/stores/clusters', { bbox, zoom, ...filters });
  pending = {
    zoom,
    bbox,
    filters: JSON.stringify(filters),
    startedAt: Date.now(),
    // A failed prefetch is forgotten: the map then asks again itself.
    response: send(url).catch(() => null),
  };
  return url;
}

/**
 * The prefetched answer for the map's clusters request, once: the first request takes (and
 * clears) it whether or not it fits, so every later request goes to the server.
 */
export function takePrefetchedClusters(
  viewport: Viewport,
  filters: Record<string, string | number | undefined>,
): Promise<Response | null> | null {
  const entry = pending;
  pending = null;
  if (!entry || Date.now() - entry.startedAt > PREFETCH_MAX_AGE_MS) return null;
  if (!isPrefetchedView(entry, viewport, filters)) return null;
  return entry.response;
}

/**
 * The prefetch not yet taken, left in place: the map's chunk reads its answer ahead
 * (get-clusters.ts) while the map mounts.
 */
export function peekPrefetchedClusters(): Readonly<Prefetch> | null {
  if (pending && Date.now() - pending.startedAt > PREFETCH_MAX_AGE_MS) return null;
  return pending;
}

/** True when a request for this view and these filters (as sent) is the prefetched one. */
export function isPrefetchedView(
  entry: Readonly<Prefetch>,
  viewport: Viewport,
  filters: Record<string, string | number | undefined>,
): boolean {
  return entry.bbox === viewport.bbox && entry.zoom === viewport.zoom && entry.filters === JSON.stringify(filters);
}

/** Tests: forget any prefetch. */
export function resetFirstViewPrefetch(): void {
  pending = null;
}
