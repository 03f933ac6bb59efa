import { API_BASE } from '@/config/constants';
import { loadAnalyticsTag } from './analytics-tag';
import { PREFECTURE_CODES } from './prefecture-codes';

/**
 * First-party page views (docs/API.md "Analytics"): one POST
 * /analytics/events per route change with the pathname only (no query values; the one
 * exception is a prefecture map's code), the referrer's host on the first view only, and
 * the viewport class. Cookie-less, fire-and-forget: it never blocks, throws or retries,
 * and a 429 is not the site-wide rate-limit page (it does not go through apiRequest).
 * Admin pages are not counted (the operators' own clicks would skew the numbers).
 */

/** Below this width a view counts as "phone" (the layout's own phone breakpoint). */
export const PHONE_MAX_WIDTH_PX = 767;
/** The server's limit (core kMaxAnalyticsPathChars): longer paths are not sent. */
export const MAX_PAGE_VIEW_PATH_CHARS = 200;
const EVENTS_URL = `${API_BASE}/analytics/events`;
const KNOWN_CODES = new Set(Object.values(PREFECTURE_CODES));

export interface PageViewEvent {
  path: string;
  prefecture?: string;
  referrer_host?: string;
  viewport: 'phone' | 'desktop';
}

/** Whether a path is counted at all. */
export function isCountedPath(pathname: string): boolean {
  return !(pathname === '/admin' || pathname.startsWith('/admin/')) && pathname.length <= MAX_PAGE_VIEW_PATH_CHARS;
}

/** The event for a view; null when the path is not counted. */
export function pageViewEvent(
  pathname: string,
  search: string,
  options: { width: number; referrer?: string; ownHost?: string },
): PageViewEvent | null {
  if (!pathname.startsWith('/') || !isCountedPath(pathname)) return null;
  const event: PageViewEvent = { path: pathname, viewport: options.width <= PHONE_MAX_WIDTH_PX ? 'phone' : 'desktop' };
  if (pathname === '/map') {
    const code = new URLSearchParams(search).get('prefecture');
    if (code && KNOWN_CODES.has(code)) event.prefecture = code;
  }
  if (options.referrer) {
    try {
      const host = new URL(options.referrer).host;
      if (host && host !== options.ownHost && /^[A-Za-z0-9.:-]{1,100}$/.test(host)) event.referrer_host = host;
    } catch {
      // not a URL: no referrer
    }
  }
  return event;
}

/** Sends one event; never throws. */
export function sendPageView(event: PageViewEvent): void {
  try {
    const body = JSON.stringify(event);
    if (typeof fetch === 'function') {
      void fetch(EVENTS_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        keepalive: true,
        credentials: 'omit',
      }).catch(() => undefined);
    }
  } catch {
    // analytics must never break a page
  }
}

// What was last counted (path and prefecture) and whether a view was counted yet: module
// state, as this module is loaded once and lives as long as the page.
let lastKey: string | null = null;
let firstView = true;

/**
 * Counts a view when the pathname (or a prefecture map's code) differs from the last one
 * counted; the referrer goes with the first view only.
 */
export function countView(pathname: string, search: string): void {
  const event = pageViewEvent(pathname, search, {
    width: window.innerWidth,
    referrer: firstView ? document.referrer : undefined,
    ownHost: window.location.host,
  });
  const key = event ? `${event.path}|${event.prefecture ?? ''}` : null;
  if (key === lastKey) return;
  lastKey = key;
  firstView = false;
  if (event) sendPageView(event);
}

/** A page has shown: count it, and load the third-party tag when one is configured. */
export function onPageShown(pathname: string, search: string, tagId?: string | null): void {
  countView(pathname, search);
  if (tagId) loadAnalyticsTag(tagId);
}

/** For tests: start as a fresh page. */
export function resetPageViewsForTests(): void {
  lastKey = null;
  firstView = true;
}
