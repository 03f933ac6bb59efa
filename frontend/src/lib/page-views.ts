import { useEffect, useRef } from 'react';
import { API_BASE } from '@/config/constants';
import { PREFECTURE_CODES } from './prefecture-codes';

/**
 * First-party page views (issue 11 §5; docs/API.md "Analytics"): one POST
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

/**
 * Counts a view whenever the pathname (or a prefecture map's code) changes, once the
 * route guard lets the page show (`enabled`).
 */
export function usePageViews(pathname: string, search: string, enabled: boolean): void {
  const last = useRef<string | null>(null);
  const first = useRef(true);
  useEffect(() => {
    if (!enabled) return;
    const event = pageViewEvent(pathname, search, {
      width: window.innerWidth,
      referrer: first.current ? document.referrer : undefined,
      ownHost: window.location.host,
    });
    const key = event ? `${event.path}|${event.prefecture ?? ''}` : null;
    if (key === last.current) return;
    last.current = key;
    first.current = false;
    if (event) sendPageView(event);
  }, [pathname, search, enabled]);
}
