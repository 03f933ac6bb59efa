/** Named limits and timings from SPEC.md §9. */
export const API_BASE = '/api/v1';
export const API_TIMEOUT_MS = 10_000;
export const DEFAULT_RATE_LIMIT_RETRY_SECONDS = 60;
export const FLASH_DEFAULT_DURATION_MS = 5_000;
export const GEOLOCATION_TIMEOUT_MS = 10_000;
/** Stores with a report newer than this stand out on the map. */
export const RECENT_REPORT_HOURS = 24;
/** Map move/zoom settles for this long before the clusters are fetched. */
export const MAP_FETCH_DEBOUNCE_MS = 300;
export const TIMELINE_LIMIT = 20;
export const NEARBY_RADIUS_KM = 10;

/** localStorage keys used by the route guard (SPEC §2 Route guard). */
export const STORAGE_BLOCKED_KEY = 'pokeca.blocked';
export const STORAGE_RATE_LIMIT_UNTIL_KEY = 'pokeca.rateLimitedUntil';

/** Google Maps directions URL for a destination (PRODUCT §6). */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}
