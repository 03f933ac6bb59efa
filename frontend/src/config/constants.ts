/** Named limits and timings from SPEC.md §9. */
export const API_BASE = '/api/v1';
export const API_TIMEOUT_MS = 10_000;
/**
 * Multipart uploads (store submissions with up to 3 × 10 MB photos) get longer than SPEC's
 * 10 s JSON timeout: ~30 MB over a weak phone uplink (~2 Mbit/s) takes about two minutes.
 */
export const UPLOAD_TIMEOUT_MS = 180_000;
export const DEFAULT_RATE_LIMIT_RETRY_SECONDS = 60;
export const FLASH_DEFAULT_DURATION_MS = 5_000;
/** The phone layout (the CSS breakpoint: bottom sheets instead of side panels). */
export const PHONE_QUERY = '(max-width: 899px)';
/** Toasts on screen at once: one on a phone (more would cover the map), a short stack elsewhere. */
export const MAX_TOASTS_PHONE = 1;
export const MAX_TOASTS_DESKTOP = 3;
export const GEOLOCATION_TIMEOUT_MS = 10_000;
/** Stores with a report newer than this stand out on the map. */
export const RECENT_REPORT_HOURS = 24;
/** Map move/zoom settles for this long before the clusters are fetched. */
export const MAP_FETCH_DEBOUNCE_MS = 300;
export const TIMELINE_LIMIT = 20;
/** /map?lat=&lng= lists the nearest stores within this radius, at most this many. */
export const NEARBY_RADIUS_KM = 10;
export const NEARBY_LIMIT = 50;

/** localStorage keys used by the route guard (SPEC §2 Route guard). */
export const STORAGE_BLOCKED_KEY = 'pokeca.blocked';
export const STORAGE_RATE_LIMIT_UNTIL_KEY = 'pokeca.rateLimitedUntil';
/** When the blocked flag was last confirmed by the server (ms since epoch). */
export const STORAGE_BLOCKED_AT_KEY = 'pokeca.blockedAt';
/**
 * The blocked flag lapses this long after the server last said "blocked": a block lifted
 * while the browser was away (or offline on /blocked) never confines it for ever. A still
 * blocked account hears 403 again on its next call, which sets the flag anew.
 */
export const BLOCKED_FLAG_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * No stored rate limit lasts longer than the longest window a server limit has (one hour
 * by default, see core's rate_limiter.hpp): a timestamp further ahead is stale (a device
 * clock that moved back, a bad Retry-After) and is removed instead of obeyed.
 */
export const MAX_RATE_LIMIT_RETRY_SECONDS = 60 * 60;

/** Google Maps directions URL for a destination (PRODUCT §6). */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** Accounts (SPEC §2 Route guard, §4, §5, §9; docs/API.md "Accounts and sessions"). */
/** The route guard checks the auth loading state up to 30 times at 100 ms intervals. */
export const GUARD_WAIT_INTERVAL_MS = 100;
export const GUARD_WAIT_CHECKS = 30;
/** Initial data is fetched this long after a sign-in. */
export const INITIAL_DATA_DELAY_MS = 100;
export const PASSWORD_MIN_LENGTH = 6;
export const NICKNAME_MAX_LENGTH = 20;
export const WITHDRAWAL_REASON_MAX_LENGTH = 1000;
/** The access token is refreshed when it has less than this left. */
export const TOKEN_REFRESH_MARGIN_MS = 30_000;
/**
 * localStorage marker that this browser holds a login (the refresh token itself is an
 * HttpOnly cookie; the access token lives in memory only). Without it, a visitor's page
 * load never calls /auth/refresh. Automatic logout removes every key listed below.
 */
export const STORAGE_SESSION_KEY = 'pokeca.session';
export const SESSION_STORAGE_KEYS = [STORAGE_SESSION_KEY] as const;

/** Store submissions (SPEC §5, §9). The form limits come from GET /config (core's constants). */
/** "Is it already there?": registered stores this close to the new one are listed in the modal. */
export const SUBMISSION_NEARBY_RADIUS_KM = 0.3;
export const SUBMISSION_NEARBY_LIMIT = 5;

/** Store search, the store sheet, favourites. */
/** The search box waits this long after the last key before it asks the server. */
export const STORE_SEARCH_DEBOUNCE_MS = 200;
/** GET /stores/search: q is 1–50 characters after trimming; up to this many results. */
export const STORE_SEARCH_MAX_QUERY_LENGTH = 50;
export const STORE_SEARCH_LIMIT = 8;
/** Zoom the map jumps to for a store (from search or a shared link) and for a place. */
export const STORE_FOCUS_ZOOM = 16;
export const PLACE_FOCUS_ZOOM = 13;
/** How many of the store's recent reports the sheet lists. */
export const STORE_SHEET_HISTORY_LIMIT = 10;
export const FAVORITES_MAX = 500;
