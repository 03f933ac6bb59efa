/* The service worker, hand-written; build/vite-plugin-pwa.ts fills in
 * the version and the precache list and emits it as /sw.js.
 *
 * - App shell: every built file is precached on install, so the site opens offline.
 * - Pages (navigations): network first; offline → the cached index.html.
 * - Public API data (PUBLIC_API): network first, the last answer kept per URL; offline →
 *   that answer (or the newest one of the same endpoint, e.g. the map's last viewport)
 *   with X-Pokeca-Cached-At (ms since epoch), so the app shows its age and never passes
 *   it off as fresh. Other API calls (accounts, writes, admin) are never cached.
 * - A new version installs in the background and waits: it takes over on the next visit,
 *   or at once when the page asks (the 更新があります prompt posts SKIP_WAITING).
 */
const VERSION = __VERSION__;
const PRECACHE = __PRECACHE__;
const SHELL_CACHE = `pokeca-shell-${VERSION}`;
const API_CACHE = 'pokeca-api-v1';
const MAX_API_ENTRIES = 200;
const CACHED_AT_HEADER = 'X-Pokeca-Cached-At';
const PUBLIC_API =
  /^\/api\/v1\/(config|prefectures|stores|stores\/clusters|stores\/\d+|purchases\/timeline|stats\/summary|users\/ranking)$/;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith('pokeca-shell-') && n !== SHELL_CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

async function trimApiCache(cache) {
  const keys = await cache.keys();
  for (let i = 0; i < keys.length - MAX_API_ENTRIES; i += 1) await cache.delete(keys[i]);
}

async function networkFirstApi(request) {
  const cache = await caches.open(API_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) {
      const headers = new Headers(response.headers);
      headers.set(CACHED_AT_HEADER, String(Date.now()));
      const body = await response.clone().arrayBuffer();
      await cache.delete(request);
      await cache.put(request, new Response(body, { status: response.status, statusText: response.statusText, headers }));
      await trimApiCache(cache);
    }
    return response;
  } catch (error) {
    const cached = (await cache.match(request)) || (await lastForPath(cache, request));
    if (cached) return cached;
    throw error;
  }
}

// The map asks for its exact viewport, which rarely repeats to the decimal: offline, the
// last answer for the same endpoint (the last area viewed) beats none. Keys are in
// insertion order and each put deletes first, so the newest is last.
async function lastForPath(cache, request) {
  const path = new URL(request.url).pathname;
  const keys = await cache.keys();
  for (let i = keys.length - 1; i >= 0; i -= 1) {
    if (new URL(keys[i].url).pathname === path) return cache.match(keys[i]);
  }
  return undefined;
}

async function networkFirstPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match('/index.html');
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return; // map tiles and the like: the browser's own cache
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/api/')) return; // downloads (open data) go straight through
    event.respondWith(networkFirstPage(request));
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    if (PUBLIC_API.test(url.pathname)) event.respondWith(networkFirstApi(request));
    return;
  }
  if (PRECACHE.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((hit) => hit || fetch(request)));
  }
});

/* Web Push (docs/decisions/web-push.md). The payload is the server's JSON
 * {title, body, url, tag, off}: the store's name, product and time, the site path to open,
 * and the signed path that stops this alert. Every notification carries a 通知をオフ action:
 * it opens `off` (one tap, signed in or not, as the mail's off link), or without one the
 * profile's notification settings.
 * Texts here are the worker's own: it cannot import the app's i18n module. */
const PUSH_FALLBACK_TITLE = 'ポケカ販売店マップ';
const PUSH_OFF_ACTION = 'push-off';
const PUSH_OFF_LABEL = '通知をオフ';
const PUSH_SETTINGS_PATH = '/profile#notifications';

// Only paths on this site are opened: a payload cannot send the user elsewhere.
function sitePath(url) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/';
  return url;
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : PUSH_FALLBACK_TITLE;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: sitePath(data.url), off: data.off ? sitePath(data.off) : PUSH_SETTINGS_PATH },
      actions: [{ action: PUSH_OFF_ACTION, title: PUSH_OFF_LABEL }],
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const path = event.action === PUSH_OFF_ACTION ? sitePath(data.off || PUSH_SETTINGS_PATH) : sitePath(data.url);
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab of the site already open: bring it to the front on the store.
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          await client.focus();
          if ('navigate' in client) await client.navigate(target);
          return;
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
