import { expect, test } from '@playwright/test';
import { expectMarkers, isMobile, offlineExceptServer, url } from './helpers';

test.beforeEach(async ({ page }) => {
  await offlineExceptServer(page);
});

test('home shows the title, the data total and the demo notice', async ({ page }) => {
  await page.goto(url('/'));
  await expect(page.getByRole('link', { name: 'ポケカ販売店マップ' })).toBeVisible();
  await expect(page.getByTestId('data-count')).toHaveText(/^データ総数 [\d,]+件以上$/);
  await expect(page.getByText('デモデータ', { exact: true })).toBeVisible();
  await expect(page.getByText('© 2025 ポケカ販売店マップ')).toBeVisible();
  await expect(page.getByText(/非公式のファンサイト/)).toBeVisible();
});

test('desktop: home → 東京都 → markers on /map', async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), 'region boxes are the desktop layout');
  await page.goto(url('/'));
  await page.getByTestId('region-map').getByRole('link', { name: '東京都' }).click();
  await expect(page).toHaveURL(/\/map\?prefecture=tokyo$/);
  await expect(page.getByTestId('store-map')).toBeVisible();
  await expectMarkers(page);
  // Tiles cannot load here: the offline outline of Japan is drawn underneath instead.
  await expect(page.locator('.leaflet-outline-pane path').first()).toBeAttached();
});

test('the 24h filter asks the server for recently reported stores only', async ({ page }) => {
  await page.goto(url('/map?prefecture=osaka'));
  await expectMarkers(page);
  const filtered = page.waitForRequest((r) => r.url().includes('/api/v1/stores/clusters') && r.url().includes('reported_within_hours=24'));
  await page.getByText('24時間以内に報告あり').click();
  await filtered;
  await expect(page.getByRole('button', { name: '条件をリセット' })).toBeVisible();
});

test('mobile: a region dropdown opens /map?prefecture=…', async ({ page }, testInfo) => {
  test.skip(!isMobile(testInfo), 'dropdowns are the mobile layout');
  await page.goto(url('/'));
  await expect(page.getByTestId('region-map')).toBeHidden();
  await page.getByRole('combobox', { name: '関東の都道府県' }).selectOption('kanagawa');
  await expect(page).toHaveURL(/\/map\?prefecture=kanagawa$/);
  await expectMarkers(page);
});

test('the clip button opens the latest purchase reports', async ({ page }) => {
  await page.goto(url('/'));
  await page.getByRole('button', { name: /最新の購入報告/ }).click();
  const dialog = page.getByRole('dialog', { name: '最新の購入報告' });
  await expect(dialog).toBeVisible();
  const items = dialog.getByTestId('timeline-list').locator('li');
  await expect(items.first()).toBeVisible();
  await expect(items.first()).toContainText(/たった今|分前|時間前|日前|週間前/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a report in 最新の購入報告 opens its store on the map with the sheet', async ({ page }, testInfo) => {
  await page.goto(url('/'));
  await page.getByRole('button', { name: /最新の購入報告/ }).click();
  const first = page.getByRole('dialog', { name: '最新の購入報告' }).getByTestId('timeline-list').getByRole('link').first();
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/map\?store=\d+(&|$)/);
  await expect(page.getByTestId('store-sheet')).toContainText(name, { timeout: 15_000 });
  await page.screenshot({ path: `test-results/screens/${testInfo.project.name}/timeline-store.png` });
});

test('a store can be opened from the nearby list, with a directions link', async ({ page }) => {
  await page.goto(url('/map?lat=35.6812&lng=139.7671'));
  const list = page.getByTestId('store-list');
  await expect(list.getByRole('button').first()).toBeVisible({ timeout: 15_000 });
  await expect(list.getByRole('button').first()).toContainText(/\d+(\.\d)?km|\d+m/);
  await list.getByRole('button').first().click();
  // The row opens the store's sheet (?store={id}).
  const sheet = page.getByTestId('store-sheet');
  await expect(sheet).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/[?&]store=\d+/);
  await expect(sheet.getByRole('link', { name: 'Googleマップで経路を見る' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=[\d.]+,[\d.]+$/,
  );
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto(url('/this/page/does-not-exist'));
  expect(response?.ok()).toBe(true);
  await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();
  await page.getByRole('link', { name: 'ホームに戻る' }).click();
  await expect(page).toHaveURL(url('/'));
});

test('現在地から探す asks a guest to log in', async ({ page }) => {
  await page.goto(url('/'));
  await page.getByRole('button', { name: /現在地から探す/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('現在地から探すにはログインが必要です')).toBeVisible();
});

test('the blocked flag confines the visitor to /blocked while the server says blocked', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pokeca.blocked', 'true'));
  // The server's answer for a blocked login (the refresh cookie of a blocked account).
  await page.route('**/api/v1/auth/refresh', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: 'ブロックされています', code: 'blocked' }) }),
  );
  await page.goto(url('/map'));
  await expect(page).toHaveURL(/\/blocked$/);
  await expect(page.getByRole('heading', { name: 'アクセスが制限されています' })).toBeVisible();
  await expect(page.getByText('制限が続いているか確認しています')).toBeHidden();
  await expect(page).toHaveURL(/\/blocked$/);
});

test('a blocked flag the server does not confirm is dropped: the public map opens', async ({ page }) => {
  // A browser someone was once blocked on; the server knows no blocked login for it.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e.flagged')) {
      sessionStorage.setItem('e2e.flagged', '1');
      localStorage.setItem('pokeca.blocked', 'true');
    }
  });
  await page.goto(url('/map?prefecture=tokyo'));
  await expect(page).not.toHaveURL(/\/blocked/, { timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('pokeca.blocked'))).toBeNull();
  await page.goto(url('/map?prefecture=tokyo'));
  await expectMarkers(page);
});
