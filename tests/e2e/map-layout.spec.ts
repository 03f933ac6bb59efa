import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './accounts';
import { expectMarkers, isMobile, offlineExceptServer, shot, url } from './helpers';

/**
 * The map screen for someone new to it: every prefecture opens readable, the chosen store is
 * never under its own sheet, what the list shows is on the map, and the map speaks Japanese.
 */

type Box = { x: number; y: number; width: number; height: number };
const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** At most this many markers or bubbles on screen in a first view (cluster-layout.ts). */
const MAX_ON_SCREEN = 30;

const PREFECTURES = readFileSync(resolve(__dirname, '../../data/prefectures.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t')[0]!);

const things = (page: Page) => page.locator('.leaflet-marker-pane .pk-marker, .leaflet-marker-pane .pk-cluster');

async function boxOf(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, 'element has a box').not.toBeNull();
  return b!;
}

/** The markers and bubbles whose centre is inside the map's element. */
async function onScreen(page: Page): Promise<Array<Box & { label: string }>> {
  const map = await boxOf(page.getByTestId('store-map').locator('.leaflet-container'));
  const all = await things(page).evaluateAll((els) =>
    els.map((e) => ({ ...(e.getBoundingClientRect().toJSON() as Box), label: e.closest('[title]')?.getAttribute('title') || e.textContent || '' })),
  );
  return all.filter((b) => {
    const c = centre(b);
    return c.x >= map.x && c.x <= map.x + map.width && c.y >= map.y && c.y <= map.y + map.height;
  });
}

test.use({ bypassCSP: true });
test.beforeEach(async ({ page }) => {
  await offlineExceptServer(page);
});

test('every prefecture opens with at most 30 markers or bubbles on screen, none overlapping', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  expect(PREFECTURES).toHaveLength(47);
  const problems: string[] = [];
  for (const code of PREFECTURES) {
    await page.goto(url(`/map?prefecture=${code}`));
    await expectMarkers(page);
    await expect(page.getByText('店舗を読み込み中...')).toHaveCount(0);
    await page.waitForTimeout(200); // the last layout after the answer
    const shown = await onScreen(page);
    const overlapping: string[] = [];
    for (let i = 0; i < shown.length; i++)
      for (let j = i + 1; j < shown.length; j++) {
        const a = shown[i]!;
        const b = shown[j]!;
        const distance = Math.hypot(centre(a).x - centre(b).x, centre(a).y - centre(b).y);
        if (distance < (a.width + b.width) / 2) overlapping.push(`${a.label} / ${b.label}`);
      }
    if (shown.length > MAX_ON_SCREEN || overlapping.length > 0)
      problems.push(`${code}: ${shown.length} on screen, ${overlapping.length} overlapping pairs (${overlapping.slice(0, 3).join(', ')})`);
    if (['toyama', 'ishikawa', 'kagoshima', 'okinawa', 'tokyo'].includes(code)) await shot(page, testInfo, `first-view-${code}`);
  }
  expect(problems).toEqual([]);
});

test('a store chosen from a marker or the list is shown beside its sheet (above it on a phone) and highlighted', async ({ page }, testInfo) => {
  // Zoomed in on Shinjuku: single markers all over the screen.
  await page.goto(url('/map?view=35.6896,139.7006,15'));
  await expectMarkers(page);
  await expect(page.getByText('店舗を読み込み中...')).toHaveCount(0);
  const map = await boxOf(page.getByTestId('store-map').locator('.leaflet-container'));

  // A marker in the part of the map the sheet will cover: the lower half on a phone, the right side on a desktop.
  const markers = page.locator('.leaflet-marker-pane .leaflet-marker-icon:has(.pk-marker)');
  const boxes = await markers.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as Box));
  const covered = (b: Box) =>
    isMobile(testInfo) ? centre(b).y > map.y + map.height * 0.6 && centre(b).y < map.y + map.height - 20 : centre(b).x > map.x + map.width - 300 && centre(b).x < map.x + map.width - 20;
  const index = boxes.findIndex(covered);
  expect(index, 'a marker where the sheet opens').toBeGreaterThanOrEqual(0);
  const name = await markers.nth(index).getAttribute('title');
  await markers.nth(index).click();

  const sheet = page.getByTestId('store-sheet');
  await expect(sheet.getByRole('heading', { level: 2, name: name! })).toBeVisible();
  await expectBesideSheet(page, name!, isMobile(testInfo));
  await shot(page, testInfo, 'chosen-store-from-marker');

  // A row of the list: the same.
  await sheet.getByRole('button', { name: '店舗の詳細を閉じる' }).click();
  await expect(sheet).toHaveCount(0);
  if (isMobile(testInfo)) await page.getByRole('button', { name: /この範囲の店舗/ }).click();
  const row = page.getByTestId('store-list').locator('li > button:not([data-testid="add-to-route"])').nth(2);
  const rowName = (await row.locator('span').nth(1).locator('span').first().textContent())!.trim();
  await row.click();
  await expect(sheet.getByRole('heading', { level: 2, name: rowName })).toBeVisible();
  await expectBesideSheet(page, rowName, isMobile(testInfo));
  await shot(page, testInfo, 'chosen-store-from-list');
});

/** The chosen store's marker is drawn highlighted, not covered by the sheet, inside the map. */
async function expectBesideSheet(page: Page, name: string, phone: boolean) {
  const selected = page.locator('.leaflet-marker-icon:has(.pk-selected)');
  await expect(selected).toHaveCount(1);
  await expect(selected).toHaveAttribute('title', name);
  const marker = await boxOf(selected.locator('.pk-marker'));
  const sheet = await boxOf(page.getByTestId('store-sheet'));
  const map = await boxOf(page.getByTestId('store-map').locator('.leaflet-container'));
  if (phone) expect(marker.y + marker.height).toBeLessThanOrEqual(sheet.y);
  else expect(marker.x + marker.width).toBeLessThanOrEqual(sheet.x);
  expect(marker.y).toBeGreaterThanOrEqual(map.y);
  expect(marker.x).toBeGreaterThanOrEqual(map.x);
  // Nothing else is on top of it.
  const c = centre(marker);
  expect(await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('.pk-selected'), c)).toBe(true);
}

/** Web Mercator pixels at a zoom (Leaflet's EPSG:3857, 256 px tiles). */
function project(lat: number, lng: number, zoom: number) {
  const scale = 256 * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: (scale * (lng + 180)) / 360, y: scale * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) };
}

test('with 24時間以内に報告あり around a point, the nearest listed stores are drawn in view', async ({ page, request }, testInfo) => {
  const point = { lat: 35.6586, lng: 139.7454 };
  await page.goto(url(`/map?lat=${point.lat}&lng=${point.lng}`));
  await expectMarkers(page);
  await page.getByText('24時間以内に報告あり').click();
  await expect(page).toHaveURL(/recent=1/);
  const rows = page.getByTestId('store-list').locator('li > button:not([data-testid="add-to-route"])');
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('店舗を読み込み中...')).toHaveCount(0);
  await page.waitForTimeout(500);

  // The list's five nearest (as the API answers the list's own query) must be inside the part
  // of the map that is not under the list sheet.
  const answer = await request.get(url(`/api/v1/stores?lat=${point.lat}&lng=${point.lng}&radius_km=10&limit=50&reported_within_hours=24`));
  const nearest = ((await answer.json()) as { data: Array<{ name: string; lat: number; lng: number }> }).data.slice(0, 5);
  expect(nearest.length).toBe(5);
  await expect(rows.first()).toContainText(nearest[0]!.name);
  // The stores outside the visible part of the map, once the view (kept in the URL) has
  // settled: on a loaded machine the map may still be moving to them when the list fills.
  const outOfView = async () => {
    const view = new URL(page.url()).searchParams.get('view')!.split(',').map(Number) as [number, number, number];
    const map = await boxOf(page.getByTestId('store-map').locator('.leaflet-container'));
    const list = await boxOf(page.locator('section[aria-labelledby="store-list-title"]'));
    const visibleBottom = isMobile(testInfo) ? Math.min(map.y + map.height, list.y) : map.y + map.height;
    const c = project(view[0], view[1], view[2]);
    return nearest
      .filter((store) => {
        const p = project(store.lat, store.lng, view[2]);
        const x = map.x + map.width / 2 + (p.x - c.x);
        const y = map.y + map.height / 2 + (p.y - c.y);
        return !(x >= map.x && x <= map.x + map.width && y >= map.y && y <= visibleBottom);
      })
      .map((store) => store.name);
  };
  await expect.poll(outOfView, { timeout: 5_000 }).toEqual([]);
  await shot(page, testInfo, 'nearby-recent-filter');
});

test('the map speaks Japanese: zoom buttons and the credit line', async ({ page }) => {
  await page.goto(url('/map?prefecture=tokyo'));
  await expectMarkers(page);
  await expect(page.getByRole('button', { name: 'ズームイン' })).toHaveAttribute('title', 'ズームイン');
  await expect(page.getByRole('button', { name: 'ズームアウト' })).toHaveAttribute('title', 'ズームアウト');
  const texts = await page
    .getByTestId('store-map')
    .locator('[title], [aria-label]')
    .evaluateAll((els) => els.flatMap((e) => [e.getAttribute('title'), e.getAttribute('aria-label')]).filter((v): v is string => !!v));
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text, text).not.toMatch(/[A-Za-z]{2,}\s+[A-Za-z]{2,}/);
});

/** Two boxes share screen area. */
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the map screen's layers that are on screen now (hidden ones are left out). */
async function layers(page: Page): Promise<Record<string, Box>> {
  const found: Record<string, Box> = {};
  const candidates: Record<string, Locator> = {
    search: page.getByRole('search'),
    filters: page.getByRole('group', { name: '絞り込み' }),
    list: page.locator('section[aria-labelledby="store-list-title"]'),
    route: page.getByTestId('route-bar'),
    post: page.getByTestId('add-store-button'),
    toast: page.getByTestId('toasts').locator('[data-type]').last(),
    sheet: page.getByTestId('store-sheet'),
  };
  for (const [name, locator] of Object.entries(candidates)) {
    if ((await locator.count()) === 0 || !(await locator.isVisible())) continue;
    const b = await locator.boundingBox();
    if (b && b.width > 0 && b.height > 0) found[name] = b;
  }
  return found;
}

/** No two layers share screen area, except the pairs that are one inside the other by design. */
function expectApart(found: Record<string, Box>, step: string, allowed: Array<[string, string]> = []) {
  const names = Object.keys(found);
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++) {
      const [a, b] = [names[i]!, names[j]!];
      if (allowed.some(([x, y]) => (x === a && y === b) || (x === b && y === a))) continue;
      expect(overlaps(found[a]!, found[b]!), `${step}: ${a} and ${b} overlap`).toBe(false);
    }
}

test.describe('signed in', () => {
  test.skip(!process.env.E2E_MAILDEV_URL, 'needs the real server with mail');

  test('the map layers each have their place: search, filters, list, route panel, post button, toasts, store sheet', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await signIn(page, testInfo, '-layers', isMobile(testInfo) ? 'レイヤー' : 'れいやー');
    await page.goto(url('/map?lat=35.6896&lng=139.7006'));
    const adds = page.getByTestId('store-list').getByTestId('add-to-route');
    await expect(adds.nth(4)).toBeVisible({ timeout: 20_000 });
    for (const index of [0, 1, 2, 3]) await adds.nth(index).click();
    await expect(page.getByTestId('route-stop')).toHaveCount(4);
    // The post button is in the list's header row, not over the map or the rows.
    await expect(page.locator('section[aria-labelledby="store-list-title"]').getByTestId('add-store-button')).toBeVisible();

    // The list open (and the last 追加しました toast, while it shows): every layer apart (the post button lives in the list's header).
    let found = await layers(page);
    expectApart(found, 'list open', [['post', 'list']]);
    await shot(page, testInfo, 'layers-list-open');

    if (isMobile(testInfo)) {
      // Closing the list unfolds the route panel: all four stops readable, clear of the search box.
      await page.getByRole('button', { name: /一覧を閉じる/ }).click();
      const bar = page.getByTestId('route-bar');
      await expect(bar).toHaveAttribute('data-expanded', 'true');
    }
    await page.getByTestId('route-bar').getByRole('button', { name: '最適化' }).click();
    await expect(page.getByTestId('toasts').getByText(/最適化/)).toBeVisible({ timeout: 15_000 });
    found = await layers(page);
    expect(found.route).toBeDefined();
    expectApart(found, 'route open', [['post', 'list']]);
    const stops = page.getByTestId('route-stop');
    const bar = found.route!;
    let readable = 0;
    for (let i = 0; i < 4; i++) {
      const b = await boxOf(stops.nth(i));
      if (b.y >= bar.y && b.y + b.height <= bar.y + bar.height) readable += 1;
    }
    expect(readable, 'stops readable in the route panel').toBeGreaterThanOrEqual(3);
    await shot(page, testInfo, 'layers-route-open');

    // A store's sheet: the layer in use; the route panel steps aside, a toast sits clear of it.
    if (isMobile(testInfo)) await page.getByRole('button', { name: /一覧を表示/ }).click();
    await page.getByTestId('store-list').locator('li > button:not([data-testid="add-to-route"])').nth(5).click();
    const sheet = page.getByTestId('store-sheet');
    await expect(sheet.getByRole('heading', { level: 2 })).toBeVisible();
    await sheet.getByRole('button', { name: /お気に入りに追加/ }).click();
    await expect(page.getByTestId('toasts').getByText('お気に入りに追加しました')).toBeVisible();
    found = await layers(page);
    if (isMobile(testInfo)) {
      expect(found.route, 'the route panel steps aside under a store sheet').toBeUndefined();
      // The store sheet covers the list below it by design; nothing else shares its area.
      expectApart(found, 'store sheet', [['post', 'list'], ['sheet', 'list'], ['sheet', 'post']]);
    } else {
      expect(found.route, 'the route panel steps aside under a store sheet').toBeUndefined();
      expectApart(found, 'store sheet', [['post', 'list']]);
    }
    await shot(page, testInfo, 'layers-store-sheet');
  });
});

test.describe('signed in, reporting', () => {
  test.skip(!process.env.E2E_MAILDEV_URL, 'needs the real server with mail');

  test('24時間以内に報告あり with a product keeps the stores whose latest report of it is 購入できた', async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    await signIn(page, testInfo, '-latest', isMobile(testInfo) ? 'かいたい' : 'カイタイ');
    // A store of its own for each project (秋田 / 盛岡) that sells packs and boxes.
    const spot = isMobile(testInfo) ? { lat: 39.7186, lng: 140.1024 } : { lat: 39.7036, lng: 141.1527 };
    const answer = await request.get(url(`/api/v1/stores?lat=${spot.lat}&lng=${spot.lng}&radius_km=30&limit=50&product=boxes`));
    type Found = { id: number; name: string; lat: number; lng: number; sells: { packs: boolean | null } };
    const store = ((await answer.json()) as { data: Found[] }).data.find((s) => s.sells.packs === true);
    expect(store, 'a store selling packs and boxes').toBeDefined();

    // Its box bought, then its packs sold out: the latest report of all says 売り切れ.
    await page.goto(url(`/map?store=${store!.id}`));
    for (const [kind, product] of [
      ['bought', 'box'],
      ['sold_out', 'pack'],
    ] as const) {
      await page.getByTestId('store-sheet').getByTestId('store-sheet-report').click({ timeout: 15_000 });
      const dialog = page.getByRole('dialog', { name: '購入報告' });
      await dialog.getByTestId(`report-kind-${kind}`).check();
      await dialog.getByTestId(`report-product-${product}`).check();
      await dialog.getByTestId('report-submit').click();
      await expect(dialog).toHaveCount(0);
    }

    const row = page.getByTestId('store-list').locator(`li[data-store-id="${store!.id}"]`);
    const around = `/map?lat=${store!.lat}&lng=${store!.lng}`;
    /** Opens the nearby list with the filters and waits until it shows its answer. */
    const open = async (filters: string) => {
      const listed = page.waitForResponse((r) => r.url().includes('/api/v1/stores?') && r.url().includes(`lat=`));
      await page.goto(url(around + filters));
      await listed;
      await expect(page.getByTestId('store-list').or(page.getByText('この範囲に店舗はありません')).first()).toBeVisible({ timeout: 15_000 });
    };
    // Boxes bought recently: listed first (it is at the point) and marked fresh.
    await open('&recent=1&product=boxes');
    await expect(row).toBeVisible();
    await expect(row.locator('[data-result]')).toHaveAttribute('data-result', 'bought');
    await expect(row).toContainText('BOX・購入できた');
    await shot(page, testInfo, 'recent-boxes');
    // Packs bought recently, or anything bought recently: left out (the latest says 売り切れ).
    for (const filters of ['&recent=1&product=packs', '&recent=1']) {
      await open(filters);
      await expect(row, filters).toHaveCount(0);
    }
    // Packs at any time: listed, marked 売り切れ.
    await open('&product=packs');
    await expect(row.locator('[data-result]')).toHaveAttribute('data-result', 'sold_out');
    await expect(row).toContainText('パック・売り切れ');
    await shot(page, testInfo, 'packs-sold-out');
  });
});

test('controls a finger uses on the map are at least 44 × 44 px: zoom, the route panel’s ▲▼×, 出発地点に戻る, 徒歩/車', async ({ page, context }, testInfo) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 35.6896, longitude: 139.7006 });
  await page.goto(url('/map?lat=35.6896&lng=139.7006'));
  const adds = page.getByTestId('store-list').getByTestId('add-to-route');
  await expect(adds.nth(2)).toBeVisible({ timeout: 20_000 });
  for (const index of [0, 1, 2]) await adds.nth(index).click();
  if (isMobile(testInfo)) await page.getByRole('button', { name: /一覧を閉じる/ }).click();
  const bar = page.getByTestId('route-bar');
  await expect(bar).toHaveAttribute('data-expanded', 'true');
  // Starting from the current location makes 出発地点に戻る appear.
  await bar.getByRole('combobox').first().selectOption('current');
  await expect(bar.getByText('出発地点に戻る')).toBeVisible();
  const targets: Record<string, Locator> = {
    ズームイン: page.locator('.leaflet-control-zoom-in'),
    ズームアウト: page.locator('.leaflet-control-zoom-out'),
    '▲': bar.getByRole('button', { name: /1つ前へ/ }).nth(1),
    '▼': bar.getByRole('button', { name: /1つ後ろへ/ }).first(),
    '×': bar.getByRole('button', { name: /ルートから外す/ }).first(),
    出発地点に戻る: bar.locator('label').filter({ hasText: '出発地点に戻る' }),
    徒歩: bar.locator('label').filter({ hasText: '徒歩' }),
    車: bar.locator('label').filter({ hasText: '車' }),
  };
  const small: string[] = [];
  for (const [name, locator] of Object.entries(targets)) {
    const b = await boxOf(locator);
    if (b.width < 44 || b.height < 44) small.push(`${name}: ${Math.round(b.width)}×${Math.round(b.height)}`);
  }
  expect(small).toEqual([]);
  await shot(page, testInfo, 'touch-targets');
});

test.describe('signed in, a saved route', () => {
  test.skip(!process.env.E2E_MAILDEV_URL, 'needs the real server with mail');

  test('/map?route={id} asks for initial_data, the route and the favourites once each', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await signIn(page, testInfo, '-once', isMobile(testInfo) ? 'いっかい' : 'イッカイ');
    await page.goto(url('/map?lat=35.6896&lng=139.7006'));
    const adds = page.getByTestId('store-list').getByTestId('add-to-route');
    await expect(adds.nth(1)).toBeVisible({ timeout: 20_000 });
    for (const index of [0, 1]) await adds.nth(index).click();
    if (isMobile(testInfo)) await page.getByRole('button', { name: /一覧を閉じる/ }).click();
    const bar = page.getByTestId('route-bar');
    await bar.getByRole('button', { name: '保存', exact: true }).click();
    await bar.getByLabel('ルート名').fill('一回だけ');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/saved_routes') && r.request().method() === 'POST');
    await bar.getByRole('button', { name: '保存', exact: true }).click();
    const id = ((await (await saved).json()) as { route: { id: number } }).route.id;

    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/v1/')) asked.push(path.replace('/api/v1', ''));
    });
    await page.goto(url(`/map?route=${id}`));
    await expect(bar.getByTestId('route-stop')).toHaveCount(2);
    await expectMarkers(page);
    await page.waitForTimeout(1500);
    const count = (path: string) => asked.filter((p) => p === path).length;
    expect({ initial_data: count('/initial_data'), route: count(`/saved_routes/${id}`), favorites: count('/favorites') }, asked.join('\n')).toEqual({
      initial_data: 1,
      route: 1,
      favorites: 1,
    });
  });
});
