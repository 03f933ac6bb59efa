import { resolve } from 'node:path';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { login, newAccount, signUpAndVerify } from './accounts';
import { expectMarkers, isMobile, offlineExceptServer, shot, url } from './helpers';

/**
 * The map on a phone: the first view of a prefecture is an answer (bubbles that
 * never overlap, counts at a glance, a list without zooming), signed-in users never look
 * logged out, toasts cover no menu, filters and view live in the URL, a status is not a
 * button, axe finds nothing, every page has its title, tiles and attribution stay clear.
 */

const AXE = require.resolve('axe-core/axe.min.js', { paths: [resolve(__dirname, '../../frontend')] });

interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core in the page (WCAG 2.x A/AA and best practices); returns the violations. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function expectNoAxeViolations(page: Page) {
  await page.waitForTimeout(300); // entry animations (axe checks colour contrast)
  expect(await axeViolations(page)).toEqual([]);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, 'element has a box').not.toBeNull();
  return b!;
}

/** Opens the list sheet on a phone (the desktop panel is always open). */
async function openList(page: Page, testInfo: TestInfo) {
  if (!isMobile(testInfo)) return;
  const handle = page.getByRole('button', { name: /この範囲の店舗|現在地から近い店舗/ });
  if ((await handle.getAttribute('aria-expanded')) !== 'true') await handle.click();
}

/** Opens the first listed store's sheet (on /map a store opens its sheet, not a popup). */
async function openFirstSheet(page: Page, testInfo: TestInfo) {
  await openList(page, testInfo);
  await page.getByTestId('store-list').getByRole('button').first().click();
  const sheet = page.getByTestId('store-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading', { level: 2 })).toBeVisible(); // the details have arrived
  return sheet;
}

// The site's CSP allows only its own scripts; axe is injected by the test.
test.use({ bypassCSP: true });

test.describe('guest', () => {
  test.beforeEach(async ({ page }) => {
    await offlineExceptServer(page);
  });

  test('the first view of Tokyo, Osaka and Hokkaido: bubbles never overlap, counts read at a glance, the list is filled', async ({ page }, testInfo) => {
    test.setTimeout(120_000); // three prefectures
    for (const prefecture of ['tokyo', 'osaka', 'hokkaido']) {
      await page.goto(url(`/map?prefecture=${prefecture}`));
      await expectMarkers(page);
      await expect(page.getByText('店舗を読み込み中...')).toHaveCount(0);
      const bubbles = page.locator('.leaflet-marker-pane .pk-cluster');
      // A phone-sized grid once the first view has settled (a layer swap may briefly show more).
      await expect
        .poll(() => bubbles.count(), { message: `${prefecture}: bubbles`, timeout: 10_000 })
        .toBeLessThanOrEqual(isMobile(testInfo) ? 24 : 60);
      const boxes = await bubbles.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as Box));
      const circlesTouch = (a: Box, b: Box) =>
        Math.hypot(a.x + a.width / 2 - (b.x + b.width / 2), a.y + a.height / 2 - (b.y + b.height / 2)) < (a.width + b.width) / 2;
      const labels = await bubbles.allTextContents();
      expect(boxes.length, `${prefecture}: clusters`).toBeGreaterThan(0);
      // A phone-sized grid: a handful of bubbles, not a wall of ~70.
      expect(boxes.length, `${prefecture}: bubbles`).toBeLessThanOrEqual(isMobile(testInfo) ? 24 : 60);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) expect(circlesTouch(boxes[i]!, boxes[j]!), `${prefecture}: bubbles ${labels[i]} and ${labels[j]} overlap`).toBe(false);
      for (const label of labels) expect(label).toMatch(/^(\d{1,3}|\d(\.\d)?k|\d{2,3}k)$/);

      // The list already shows stores, without zooming in.
      await openList(page, testInfo);
      await expect(page.getByTestId('store-list').getByRole('button').first()).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(/約[\d,]+件のうち/)).toBeVisible();
      await shot(page, testInfo, `map-${prefecture}-first-view`);
    }
  });

  /**
   * A cold visit asks for the first view's clusters once, from the entry,
   * before the map has mounted, and the map takes that answer. The page carries /config's
   * data (inlined by the server), so the demo notice is there from the first render and the
   * entry's prediction of the map's size counts it: `demo` is the e2e server's own demo
   * install; without it, the same page rewritten to say "no demo data" (a production install).
   */
  for (const demo of [true, false]) {
    test(`a cold visit asks for the first view once, before the map has mounted (${demo ? 'demo install' : 'no demo data'})`, async ({ page }) => {
      const clusters: string[] = [];
      const configs: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/stores/clusters')) clusters.push(request.url());
        if (request.url().includes('/api/v1/config')) configs.push(request.url());
      });
      // When the Leaflet container appears (ms from navigation start).
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (!document.querySelector('.leaflet-container')) return;
          (window as unknown as { __mapMounted: number }).__mapMounted = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      if (!demo) {
        await page.route((u) => u.pathname === '/map', async (route) => {
          const response = await route.fetch();
          const html = await response.text();
          expect(html).toContain('"demo_data":true');
          await route.fulfill({ response, body: html.replace('"demo_data":true', '"demo_data":false') });
        });
      }
      await page.goto(url('/map?prefecture=tokyo'));
      await expectMarkers(page);
      await expect(page.getByText('店舗を読み込み中...')).toHaveCount(0);
      await expect(page.getByRole('note').filter({ hasText: 'デモデータ' })).toHaveCount(demo ? 1 : 0);
      await page.waitForTimeout(500);
      // One request for the first view (the entry's, taken by the map), started before the map existed.
      expect(clusters).toHaveLength(1);
      const timing = await page.evaluate(() => ({
        mounted: (window as unknown as { __mapMounted: number }).__mapMounted,
        started: performance.getEntriesByType('resource').find((e) => e.name.includes('/api/v1/stores/clusters'))!.startTime,
      }));
      expect(timing.started).toBeLessThan(timing.mounted);
      // The page's own copy of /config: no request for it.
      expect(configs).toHaveLength(0);

      // A move afterwards asks the server again.
      await page.getByRole('button', { name: /ズームイン|Zoom in/ }).click();
      await expect.poll(() => clusters.length, { timeout: 10_000 }).toBe(2);
    });
  }

  test('the plain /map carries /config as well: no /config request, one clusters request', async ({ page }) => {
    const clusters: string[] = [];
    const configs: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/stores/clusters')) clusters.push(request.url());
      if (request.url().includes('/api/v1/config')) configs.push(request.url());
    });
    await page.goto(url('/map'));
    await expectMarkers(page);
    await expect(page.getByRole('note').filter({ hasText: 'デモデータ' })).toHaveCount(1);
    await page.waitForTimeout(500);
    expect(configs).toHaveLength(0);
    expect(clusters).toHaveLength(1);
  });

  /**
   * The map's code comes in
   * few requests (the small modules the lazy routes share are one chunk, build/chunks.ts), and
   * the service worker's install, which downloads every asset, waits for the first markers.
   */
  test('a cold visit loads the map in few requests and installs the service worker after the first markers', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __firstMarker?: number; __swRegister?: number };
      const container = navigator.serviceWorker;
      if (container) {
        const register = container.register.bind(container);
        container.register = (...args: Parameters<ServiceWorkerContainer['register']>) => {
          w.__swRegister ??= performance.now();
          return register(...args);
        };
      }
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.leaflet-marker-icon')) return;
        w.__firstMarker = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(url('/map?prefecture=tokyo'));
    await expectMarkers(page);
    await page.waitForFunction(() => (window as unknown as { __swRegister?: number }).__swRegister !== undefined, undefined, {
      timeout: 15_000,
    });
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __firstMarker: number; __swRegister: number };
      const before = performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime < w.__firstMarker && new URL(e.name).pathname.startsWith('/assets/'))
        .map((e) => new URL(e.name).pathname);
      return { firstMarker: w.__firstMarker, swRegister: w.__swRegister, before };
    });
    expect(seen.swRegister).toBeGreaterThanOrEqual(seen.firstMarker);
    // The entry (5 scripts, 1 stylesheet), the map route (map, common, Leaflet: 3 + 3), page views.
    const scripts = seen.before.filter((p) => p.endsWith('.js'));
    const styles = seen.before.filter((p) => p.endsWith('.css'));
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(9);
    expect(styles.length, styles.join('\n')).toBeLessThanOrEqual(4);
  });

  test('the recently reported 購入できた stores lead the list', async ({ page }, testInfo) => {
    await page.goto(url('/map?prefecture=tokyo'));
    await openList(page, testInfo);
    // The store rows, not the ルートに追加 buttons beside them.
    const rows = page.getByTestId('store-list').locator('li > button:not([data-testid="add-to-route"])');
    await expect(rows.first()).toBeVisible({ timeout: 15_000 });
    const texts = await rows.allTextContents();
    const fresh = (text: string) => /(たった今|分前|時間前)・購入できた/.test(text);
    // The demo data has fresh 購入できた reports in Tokyo: they come first, and no other row comes before one.
    expect(fresh(texts[0]!)).toBe(true);
    const firstOther = texts.findIndex((text) => !fresh(text));
    if (firstOther >= 0) for (const text of texts.slice(firstOther)) expect(fresh(text)).toBe(false);
  });

  test('filters and the view survive a reload and come back with the browser history', async ({ page }) => {
    await page.goto(url('/map?prefecture=osaka'));
    await expectMarkers(page);
    await page.getByText('24時間以内に報告あり').click();
    await page.getByRole('combobox', { name: '商品' }).selectOption('boxes');
    await expect(page).toHaveURL(/recent=1/);
    await expect(page).toHaveURL(/product=boxes/);
    // Move the map: the view goes into the URL.
    await page.getByTestId('store-map').locator('.leaflet-container').focus();
    await page.keyboard.press('+');
    await expect.poll(() => decodeURIComponent(page.url())).toMatch(/view=[\d.]+,[\d.]+,11/);
    const shared = page.url();

    const requested = page.waitForRequest((r) => r.url().includes('/api/v1/stores/clusters'));
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /24時間以内に報告あり/ })).toBeChecked();
    await expect(page.getByRole('combobox', { name: '商品' })).toHaveValue('boxes');
    const request = await requested;
    expect(request.url()).toContain('zoom=10'); // the shared view's zoom 11, asked one level coarser
    expect(request.url()).toContain('reported_within_hours=24');
    expect(request.url()).toContain('product=boxes');

    await page.goto(url('/privacy-policy'));
    await page.goBack();
    await expect(page).toHaveURL(shared);
    await expect(page.getByRole('checkbox', { name: /24時間以内に報告あり/ })).toBeChecked();
  });

  test('the store sheet: the last report is a status, not a button; axe finds nothing on /map with it open', async ({ page }, testInfo) => {
    await page.goto(url('/map?prefecture=tokyo'));
    const sheet = await openFirstSheet(page, testInfo);
    const status = sheet.getByTestId('store-sheet-freshness');
    await expect(status).toBeVisible();
    const style = await status.evaluate((el) => {
      const s = getComputedStyle(el);
      return { border: s.borderTopStyle, radius: parseFloat(s.borderTopLeftRadius), cursor: s.cursor, minHeight: s.minHeight };
    });
    expect(style.border).toBe('none');
    expect(style.radius).toBeLessThan(10);
    expect(style.cursor).not.toBe('pointer');
    expect(style.minHeight).not.toBe('40px');
    await shot(page, testInfo, 'map-store-sheet');
    await expectNoAxeViolations(page);
  });

  test('axe finds nothing on / and /login; /signup opens the sign-up tab; every page has its own title', async ({ page }, testInfo) => {
    await page.goto(url('/'));
    await expect(page).toHaveTitle('ポケカ販売店マップ | ポケモンカードが買えるお店を地図で探す');
    await expect(page.getByTestId('data-count')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(url('/login'));
    await expect(page).toHaveTitle('ログイン | ポケカ販売店マップ');
    await expect(page.getByRole('tab', { name: 'ログイン', selected: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(url('/signup'));
    await expect(page).toHaveURL(/\/login\?tab=signup$/);
    await expect(page.getByRole('heading', { level: 1, name: '新規登録' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '新規登録', selected: true })).toBeVisible();
    await expect(page).toHaveTitle('新規登録 | ポケカ販売店マップ');
    await shot(page, testInfo, 'signup');

    await page.goto(url('/map?prefecture=osaka'));
    await expect(page).toHaveTitle('大阪府の店舗マップ | ポケカ販売店マップ');
    await page.goto(url('/privacy-policy'));
    await expect(page).toHaveTitle('プライバシーポリシー | ポケカ販売店マップ');
  });

  test('tiles: GSI standard (Japanese labels) at every zoom; the attribution never covers the list handle', async ({ page }, testInfo) => {
    const tileUrls: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'image' && r.url().includes('/xyz/')) tileUrls.push(r.url());
    });
    await page.goto(url('/map?prefecture=hokkaido'));
    await expectMarkers(page);
    const map = page.getByTestId('store-map').locator('.leaflet-container');
    const zooms = new Set<number>();
    for (let i = 0; i < 14; i++) {
      const zoom = await map.evaluate((el) => Number((el.querySelector('.leaflet-tile-container img') as HTMLImageElement | null)?.src.split('/').at(-3)));
      if (Number.isFinite(zoom)) zooms.add(zoom);
      await map.focus();
      await page.keyboard.press('+');
      await page.waitForTimeout(350);
    }
    // Every zoom from the prefecture view down to 18 asks GSI's standard map, which is labelled in Japanese.
    expect(tileUrls.length).toBeGreaterThan(0);
    for (const tile of tileUrls) expect(tile).toMatch(/^https:\/\/cyberjapandata\.gsi\.go\.jp\/xyz\/std\/\d+\/\d+\/\d+\.png$/);
    const asked = new Set(tileUrls.map((u) => Number(u.split('/').at(-3))));
    for (let z = 6; z <= 18; z++) expect(asked.has(z), `a tile at zoom ${z}`).toBe(true);
    // Offline here: the outline of Japan still shows under the failed tiles.
    await expect(page.locator('.leaflet-outline-pane path').first()).toBeAttached();

    const attribution = page.locator('.leaflet-control-attribution');
    await expect(attribution).toContainText('地理院タイル');
    const handle = page.getByRole('button', { name: /この範囲の店舗|現在地から近い店舗/ });
    if (isMobile(testInfo)) {
      expect(overlaps(await box(attribution), await box(handle))).toBe(false);
      await handle.click();
      const sheet = page.locator('section[aria-labelledby="store-list-title"]');
      const a = await box(attribution);
      const s = await box(sheet);
      // With the sheet open the attribution is above it or hidden under it, never over the handle.
      const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.leaflet-control-attribution') !== null, { x: a.x + a.width / 2, y: a.y + a.height / 2 });
      if (overlaps(a, s)) expect(onTop).toBe(false);
      expect(overlaps(a, await box(handle))).toBe(false);
    }
    await shot(page, testInfo, 'map-tiles-attribution');
  });
});

test.describe('signed in', () => {
  test('toasts cover neither the menu nor the demo notice; the add button covers no dropdown; /login sends home; axe on the modal and the report dialog', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await offlineExceptServer(page);
    const account = newAccount(testInfo, '-phone-map');
    await signUpAndVerify(page, account);
    await login(page, account.email, account.password);
    await expect(page).toHaveURL(url('/'));
    const toast = page.getByTestId('toasts').getByText('ログインしました');
    await expect(toast).toBeVisible();

    // Open the menu while the toast is still shown.
    let menu: Locator;
    if (isMobile(testInfo)) {
      await page.getByRole('button', { name: 'メニューを開く' }).click();
      menu = page.locator('#mobile-menu');
    } else {
      await page.getByRole('button', { name: /さんのメニュー/ }).click();
      menu = page.locator('#user-menu');
    }
    await expect(menu).toBeVisible();
    await expect(toast).toBeVisible();
    const toastBox = await box(page.getByTestId('toasts').getByRole('status').first());
    expect(overlaps(toastBox, await box(menu)), 'toast over the menu').toBe(false);
    expect(overlaps(toastBox, await box(page.getByRole('note').filter({ hasText: 'デモデータ' }))), 'toast over the demo notice').toBe(false);
    await shot(page, testInfo, 'menu-with-toast');
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 400);

    // Phones: the floating 店舗を投稿 button never sits on a region dropdown, wherever the page is scrolled.
    if (isMobile(testInfo)) {
      const fab = page.getByTestId('add-store-button');
      const selects = page.locator('select');
      const count = await selects.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        await selects.nth(i).evaluate((el) => el.scrollIntoView({ block: 'end' }));
        expect(overlaps(await box(fab), await box(selects.nth(i))), `add button over dropdown ${i}`).toBe(false);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
    }

    // The submission modal.
    await page.getByTestId('add-store-button').click();
    const modal = page.getByRole('dialog', { name: '店舗情報を投稿' });
    await expect(modal).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    // /login while signed in → / (SPEC §2), with no login form on the way.
    await page.goto(url('/login'));
    await expect(page).toHaveURL(url('/'));
    await expect(page.getByRole('link', { name: 'ログイン', exact: true })).toHaveCount(0);

    // The report dialog, from a store's sheet.
    await page.goto(url('/map?prefecture=tokyo'));
    const sheet = await openFirstSheet(page, testInfo);
    await sheet.getByTestId('store-sheet-report').click();
    const report = page.getByRole('dialog', { name: '購入報告' });
    await expect(report).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'report-dialog');
  });
});
