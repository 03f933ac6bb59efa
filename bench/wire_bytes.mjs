// Bytes on the wire for a cold visit of PATH (default /map?prefecture=tokyo) in headless
// Chromium, from Chromium's own network log (CDP Network.loadingFinished's
// encodedDataLength: headers + body as received, i.e. after Content-Encoding). A fresh
// context (empty HTTP cache, no service worker) per run; requests that leave the server
// (map tiles) are aborted. Waits for the network to be idle after the first markers.
//   node bench/wire_bytes.mjs BASE_URL [PATH]
// Prints one JSON object: total bytes, bytes by kind (js, css, api, html, other), and each
// response (url, content-encoding, bytes on the wire, decoded body bytes).
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(resolve(here, '../frontend/package.json'));
const { chromium } = require('playwright-core');

const [base, pathArg] = process.argv.slice(2);
if (!base) {
  console.error('usage: node bench/wire_bytes.mjs BASE_URL [PATH]');
  process.exit(2);
}
const path = pathArg ?? '/map?prefecture=tokyo';
const TIMEOUT_MS = 30_000;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const origin = new URL(base).origin;
  await context.route('**/*', (route) =>
    route.request().url().startsWith(origin) || route.request().url().startsWith('data:') ? route.continue() : route.abort(),
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map();
  cdp.on('Network.responseReceived', (e) => {
    const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    responses.set(e.requestId, { url: e.response.url, type: e.type, encoding: h['content-encoding'] ?? '', status: e.response.status });
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = responses.get(e.requestId);
    if (r) r.decoded = (r.decoded ?? 0) + e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = responses.get(e.requestId);
    if (r) r.wire = e.encodedDataLength;
  });
  await page.goto(base + path, { waitUntil: 'networkidle', timeout: TIMEOUT_MS });
  await page.waitForSelector('.leaflet-marker-icon', { timeout: TIMEOUT_MS }).catch(() => {});
  await page.waitForLoadState('networkidle', { timeout: TIMEOUT_MS });
  const list = [...responses.values()].filter((r) => r.url.startsWith(origin) && r.wire !== undefined);
  const kind = (r) => {
    const u = new URL(r.url).pathname;
    if (u.startsWith('/api/')) return 'api';
    if (u.endsWith('.js')) return 'js';
    if (u.endsWith('.css')) return 'css';
    if (r.type === 'Document') return 'html';
    return 'other';
  };
  const byKind = {};
  for (const r of list) byKind[kind(r)] = (byKind[kind(r)] ?? 0) + r.wire;
  console.log(
    JSON.stringify(
      {
        path,
        total_wire_bytes: list.reduce((n, r) => n + r.wire, 0),
        total_decoded_bytes: list.reduce((n, r) => n + (r.decoded ?? 0), 0),
        by_kind: byKind,
        responses: list.map((r) => ({ url: r.url.slice(origin.length), encoding: r.encoding, wire: r.wire, decoded: r.decoded ?? 0 })),
      },
      null,
      1,
    ),
  );
} finally {
  await browser.close();
}
