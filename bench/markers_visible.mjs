// Time until markers are visible on PATH (default /map?prefecture=tokyo) in headless
// Chromium, measured inside the page from navigation start (performance.timeOrigin).
// Each run uses a fresh browser context (empty HTTP cache). Requests that leave
// 127.0.0.1 (map tiles) are aborted, so only the local server is measured: by Playwright's
// router (every request of the page then passes through this Node process), or with
// OFFSITE=resolver by Chromium's host resolver (no request interception).
//   node bench/markers_visible.mjs BASE_URL [RUNS=5] [PATH]
// Prints one JSON object: per-run timings and their medians.
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(resolve(here, '../frontend/package.json'));
const { chromium } = require('playwright-core');

const [base, runsArg, pathArg] = process.argv.slice(2);
if (!base) {
  console.error('usage: node bench/markers_visible.mjs BASE_URL [RUNS] [PATH]');
  process.exit(2);
}
const runs = Number(runsArg ?? 5);
const path = pathArg ?? '/map?prefecture=tokyo';
const TIMEOUT_MS = 30_000;
const SETTLE_MS = 1_500; // keep recording after the first markers, to see the final view

// Runs in the page before any of its scripts: every animation frame, counts the marker
// and cluster icons inside the viewport, and records each change with the zoom of the
// newest /stores/clusters response that had arrived by then.
function recorder() {
  const events = [];
  window.__pkEvents = events;
  window.__pkLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__pkLongTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no Long Tasks API
  }
  let last = -1;
  const visibleIcons = () => {
    let markers = 0;
    let clusters = 0;
    for (const el of document.querySelectorAll('.leaflet-marker-icon')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.bottom < 0 || r.right < 0 || r.top > innerHeight || r.left > innerWidth) continue;
      if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
        continue;
      if (el.classList.contains('pk-cluster-wrap')) clusters++;
      else if (el.classList.contains('pk-marker-wrap')) markers++;
    }
    return { markers, clusters };
  };
  const tick = () => {
    const now = performance.now();
    const { markers, clusters } = visibleIcons();
    if (markers + clusters !== last) {
      last = markers + clusters;
      const done = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/v1/stores/clusters') && e.responseEnd > 0 && e.responseEnd <= now);
      const newest = done.length ? done[done.length - 1] : null;
      const zoom = newest ? Number(new URL(newest.name).searchParams.get('zoom')) : null;
      events.push({ t: now, markers, clusters, zoom });
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (x) => (x === null || x === undefined ? null : Math.round(x));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    ...(process.env.OFFSITE === 'resolver' ? ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] : []),
  ],
});
const results = [];
try {
  // The prefecture's own zoom: "the Tokyo view" is a frame showing markers from a
  // clusters response at that zoom (the map may first show all of Japan at zoom 5).
  const prefCode = new URL(path, base).searchParams.get('prefecture');
  let targetZoom = null;
  if (prefCode) {
    const prefs = await (await fetch(`${base}/api/v1/prefectures`)).json();
    targetZoom = prefs.data.prefectures.find((p) => p.code === prefCode)?.zoom ?? null;
  }

  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const origin = new URL(base).origin;
    let aborted = 0;
    if (process.env.OFFSITE !== 'resolver')
      await context.route('**/*', (route) => {
        if (route.request().url().startsWith(origin) || route.request().url().startsWith('data:')) return route.continue();
        aborted++;
        return route.abort();
      });
    await context.addInitScript(recorder);
    const page = await context.newPage();
    await page.goto(base + path, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await page.waitForFunction(() => window.__pkEvents?.some((e) => e.markers + e.clusters > 0), null, {
      timeout: TIMEOUT_MS,
      polling: 50,
    });
    await page.waitForTimeout(SETTLE_MS);
    const run = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const api = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/') || e.name.includes('/assets/'))
        .map((e) => ({
          name: e.name.replace(location.origin, ''),
          start: Math.round(e.startTime),
          end: Math.round(e.responseEnd),
          bytes: e.encodedBodySize,
        }));
      return {
        events: window.__pkEvents,
        longTasks: window.__pkLongTasks,
        domContentLoaded: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
        resources: api,
      };
    });
    await context.close();
    const first = run.events.find((e) => e.markers + e.clusters > 0);
    const target = targetZoom === null ? first : run.events.find((e) => e.markers + e.clusters > 0 && e.zoom === targetZoom);
    results.push({
      first_marker_ms: round(first?.t),
      first_marker: first ? { markers: first.markers, clusters: first.clusters, zoom: first.zoom } : null,
      target_view_ms: round(target?.t),
      target_view: target ? { markers: target.markers, clusters: target.clusters, zoom: target.zoom } : null,
      dom_content_loaded_ms: round(run.domContentLoaded),
      load_ms: round(run.load),
      aborted_offsite_requests: aborted,
      // main-thread tasks over 50 ms: [start ms, duration ms]
      long_tasks: run.longTasks,
      resources: run.resources,
      events: run.events.map((e) => ({ ...e, t: round(e.t) })),
    });
  }
} finally {
  await browser.close();
}
console.log(
  JSON.stringify(
    {
      url: base + path,
      runs,
      median_first_marker_ms: median(results.map((r) => r.first_marker_ms)),
      median_target_view_ms: median(results.map((r) => r.target_view_ms)),
      median_dom_content_loaded_ms: median(results.map((r) => r.dom_content_loaded_ms)),
      results,
    },
    null,
    1,
  ),
);
