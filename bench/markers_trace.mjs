// Where the time of a cold visit goes until the first markers: records a Chromium trace
// (devtools.timeline) of one cold visit of PATH (default /map?prefecture=tokyo) and prints,
// in ms from navigation start, the renderer main thread's tasks over MIN_MS with what they
// did (script evaluation and compile by URL, parse HTML, style, layout, paint, timers), the
// requests (send → finish), DOMContentLoaded and the first visible marker.
//   node bench/markers_trace.mjs BASE_URL [PATH] [MIN_MS=4] [TRACE_OUT.json]
// Same browser settings as bench/markers_visible.mjs (1280×800, fresh context, tiles aborted).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(resolve(here, '../frontend/package.json'));
const { chromium } = require('playwright-core');

const [base, pathArg, minArg, traceOut] = process.argv.slice(2);
if (!base) {
  console.error('usage: node bench/markers_trace.mjs BASE_URL [PATH] [MIN_MS] [TRACE_OUT.json]');
  process.exit(2);
}
const path = pathArg ?? '/map?prefecture=tokyo';
const minMs = Number(minArg ?? 4);
const width = Number(process.env.VIEW_WIDTH ?? 1280);
const height = Number(process.env.VIEW_HEIGHT ?? 800);

function recorder() {
  const tick = () => {
    for (const el of document.querySelectorAll('.leaflet-marker-icon')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.bottom > 0 && r.top < innerHeight) {
        window.__pkFirst = performance.now();
        return;
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
    ...(process.env.OFFSITE === 'resolver' ? ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] : []),
  ],
});
let trace;
let first;
let timing;
try {
  const context = await browser.newContext({ viewport: { width, height } });
  const origin = new URL(base).origin;
  if (process.env.OFFSITE !== 'resolver')
    await context.route('**/*', (route) =>
      route.request().url().startsWith(origin) || route.request().url().startsWith('data:') ? route.continue() : route.abort(),
    );
  await context.addInitScript(recorder);
  const page = await context.newPage();
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'blink.user_timing',
      'loading',
      'toplevel',
    ],
  });
  await page.goto(base + path, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__pkFirst !== undefined, null, { timeout: 30_000, polling: 50 });
  await page.waitForTimeout(300);
  first = await page.evaluate(() => window.__pkFirst);
  timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return { dcl: nav.domContentLoadedEventEnd, responseEnd: nav.responseEnd };
  });
  trace = JSON.parse((await browser.stopTracing()).toString());
  await context.close();
} finally {
  await browser.close();
}
if (traceOut) writeFileSync(traceOut, JSON.stringify(trace));

const events = trace.traceEvents ?? trace;
// The renderer main thread of the page: the thread named CrRendererMain that ran the most.
const names = new Map();
for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
// The renderer main thread of the page: where the page's navigationStart was recorded.
const pageOrigin = new URL(base).origin;
const nav = events.find(
  (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && (e.args.data.documentLoaderURL ?? '').startsWith(pageOrigin),
);
const main = `${nav.pid}:${nav.tid}`;
const t0 = nav.ts;
const ms = (ts) => Math.round((ts - t0) / 100) / 10;
const short = (u) => (u ? u.replace(origin0(u), '').replace(/^\/assets\//, '') : '');
function origin0(u) {
  try {
    return new URL(u).origin;
  } catch {
    return '';
  }
}

const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.ts >= t0).sort((a, b) => a.ts - b.ts);
const taskNames = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const allTops = onMain.filter((e) => taskNames.has(e.name));
const tops = allTops.filter((k) => !allTops.some((o) => o !== k && o.ts <= k.ts && o.ts + (o.dur ?? 0) >= k.ts + (k.dur ?? 0) && (o.dur ?? 0) >= (k.dur ?? 0) && (o.ts < k.ts || (o.dur ?? 0) > (k.dur ?? 0) || allTops.indexOf(o) < allTops.indexOf(k))));
const label = (e) => {
  const d = e.args?.data ?? {};
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
    case 'v8.compileModule':
    case 'v8.compile':
      return `${e.name} ${short(d.url ?? e.args?.fileName)}`;
    case 'FunctionCall':
      return `FunctionCall ${short(d.url)}:${d.lineNumber ?? ''} ${d.functionName ?? ''}`;
    case 'ParseHTML':
      return 'ParseHTML';
    case 'TimerFire':
      return 'TimerFire';
    case 'EventDispatch':
      return `Event ${d.type}`;
    case 'FireAnimationFrame':
      return 'rAF';
    default:
      return e.name;
  }
};
const interesting = new Set([
  'EvaluateScript', 'v8.evaluateModule', 'v8.compileModule', 'v8.compile', 'FunctionCall', 'ParseHTML', 'UpdateLayoutTree',
  'Layout', 'Paint', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'ParseAuthorStyleSheet', 'PrePaint', 'Layerize',
  'v8.parseOnBackground', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'BlinkGC.AtomicPhase', 'ResourceReceivedData',
]);
const lines = [];
for (const top of tops) {
  const dur = (top.dur ?? 0) / 1000;
  if (dur < minMs) continue;
  const end = top.ts + (top.dur ?? 0);
  const kids = onMain.filter((e) => e !== top && e.ts >= top.ts && e.ts < end && interesting.has(e.name) && (e.dur ?? 0) >= 1000);
  // only the outermost interesting children
  const outer = kids.filter((k) => !kids.some((o) => o !== k && o.ts <= k.ts && o.ts + o.dur >= k.ts + k.dur && o.dur > k.dur));
  const parts = outer.map((k) => `${label(k)} ${Math.round(k.dur / 1000)}`).join(' | ');
  lines.push({ t: ms(top.ts), text: `task ${ms(top.ts)}–${ms(end)} (${Math.round(dur)} ms): ${parts}` });
}
const sends = new Map();
for (const e of events) {
  if (e.name === 'ResourceSendRequest' && e.ts >= t0) sends.set(e.args.data.requestId, { url: e.args.data.url, start: e.ts, prio: e.args.data.priority });
  if (e.name === 'ResourceFinish' && sends.has(e.args.data.requestId)) sends.get(e.args.data.requestId).end = e.ts;
}
for (const s of sends.values())
  lines.push({ t: ms(s.start), text: `net  ${ms(s.start)}–${s.end ? ms(s.end) : '?'} ${short(s.url)} (${s.prio})` });
lines.push({ t: timing.responseEnd, text: `page response end ${Math.round(timing.responseEnd)}` });
lines.push({ t: timing.dcl, text: `DOMContentLoaded end ${Math.round(timing.dcl)}` });
lines.push({ t: first, text: `FIRST MARKER ${Math.round(first)}` });
for (const l of lines.sort((a, b) => a.t - b.t)) console.log(l.text);
