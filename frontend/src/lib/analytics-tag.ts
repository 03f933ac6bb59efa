/**
 * The optional third-party tag (SPEC §7 "An analytics tag is set up"): only
 * when the operator configures `analytics_id` (GET /config; off by default). Google's
 * gtag.js, set up from this module (the CSP allows no inline script) with Consent Mode
 * defaults that deny every storage: no cookies, no advertising signals, only cookieless
 * pings, so no consent banner is needed and none is shown (docs/decisions/analytics.md).
 */

const TAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';
/** A measurement id such as "G-ABC123XYZ"; anything else is ignored. */
const ID_PATTERN = /^[A-Z]{1,4}-[A-Z0-9]{4,20}$/;

type Gtag = (...args: unknown[]) => void;
interface TagWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

let loadedId: string | null = null;

/** Adds the tag once; returns whether it was added now. */
export function loadAnalyticsTag(id: string, doc: Document = document): boolean {
  if (!ID_PATTERN.test(id) || loadedId) return false;
  loadedId = id;
  const win = window as unknown as TagWindow;
  win.dataLayer = win.dataLayer ?? [];
  // gtag's own stub: it queues the arguments object itself.
  const gtag: Gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    win.dataLayer?.push(arguments);
  };
  win.gtag = gtag;
  gtag('consent', 'default', {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
  });
  gtag('js', new Date());
  gtag('config', id, { allow_google_signals: false, allow_ad_personalization_signals: false });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${TAG_SCRIPT_URL}?id=${encodeURIComponent(id)}`;
  doc.head.append(script);
  return true;
}

/** For tests: forget that the tag was loaded. */
export function resetAnalyticsTagForTests(): void {
  loadedId = null;
}
