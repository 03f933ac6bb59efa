import { expect, test } from '@playwright/test';
import { expectMarkers, offlineExceptServer, shot, url } from './helpers';

test.beforeEach(async ({ page }) => {
  await offlineExceptServer(page);
});

test('the guide lists seven articles; header and footer are hidden, a way back is not', async ({ page }, testInfo) => {
  await page.goto(url('/guide'));
  await expect(page.getByRole('heading', { level: 1, name: 'ご利用ガイド' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(7);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'ガイドのナビゲーション' }).getByRole('link', { name: 'ホームに戻る' })).toBeVisible();
  await expect(page).toHaveTitle('ご利用ガイド | ポケカ販売店マップ');
  await shot(page, testInfo, 'guide');

  await page.getByRole('link', { name: /店舗情報の投稿方法/ }).click();
  await expect(page).toHaveURL(/\/guide\/how-to-post$/);
  await expect(page.getByRole('heading', { level: 1, name: '店舗情報の投稿方法' })).toBeVisible();
  const toc = page.getByRole('navigation', { name: '目次' });
  await expect(toc.getByRole('link', { name: '写真について' })).toBeVisible();
  await expect(page.getByText('最大3枚')).toBeVisible();
  // The screenshots are served by the server (not the SPA's page) and really decode.
  const form = page.getByRole('img', { name: /店舗情報の投稿フォーム/ });
  await form.scrollIntoViewIfNeeded();
  await expect.poll(() => form.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(520);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await shot(page, testInfo, 'guide-article');

  await page.getByRole('link', { name: /次の記事/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ポイントとランキング' })).toBeVisible();
  await page.getByRole('navigation', { name: 'ガイドのナビゲーション' }).getByRole('link', { name: 'ホームに戻る' }).click();
  await expect(page).toHaveURL(url('/'));
  await expect(page.getByRole('banner')).toBeVisible();
});

test('an unknown guide article is a proper not-found page', async ({ page }) => {
  await page.goto(url('/guide/no-such-article'));
  await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();
  await expect(page).toHaveTitle(/ページが見つかりません/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('the privacy policy covers storage, retention, photo metadata and withdrawal', async ({ page }, testInfo) => {
  await page.goto(url('/privacy-policy'));
  await expect(page.getByRole('heading', { level: 1, name: 'プライバシーポリシー' })).toBeVisible();
  for (const heading of ['1. 保存する情報', '2. 写真の付帯情報の削除', '5. 保存期間', '6. Cookie と端末に保存する情報', '9. 退会と情報の削除']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByText(/制定・最終更新: \d{4}年\d{1,2}月\d{1,2}日/)).toBeVisible();
  await page.getByRole('link', { name: '退会申請' }).click();
  await expect(page).toHaveURL(/\/(withdrawal|login)$/); // guests are sent to /login first
  await page.goto(url('/privacy-policy'));
  await shot(page, testInfo, 'privacy-policy');
});

test('installable: a valid manifest with 192/512 and maskable icons', async ({ page, request }) => {
  await page.goto(url('/'));
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(url(href!));
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: 'ポケカ販売店マップ', display: 'standalone', lang: 'ja', theme_color: '#d42a3c' });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.description).toMatch(/ポケモンカード/);
  expect(new URL(manifest.start_url, url('/')).origin).toBe(new URL(url('/')).origin);
  const sizes: string[] = [];
  for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
    const png = await request.get(url(icon.src));
    expect(png.status()).toBe(200);
    const body = await png.body();
    const [w, h] = [body.readUInt32BE(16), body.readUInt32BE(20)]; // PNG IHDR
    expect(`${w}x${h}`).toBe(icon.sizes);
    sizes.push(`${icon.sizes} ${icon.purpose}`);
  }
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
});

test('offline: the service worker serves the shell and the last data, with its age', async ({ page, context }, testInfo) => {
  await page.goto(url('/map?prefecture=tokyo'));
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);
  // The first visit's requests ran before the worker took control: view the map once more
  // through it, as a returning visitor does, so its API answers are kept.
  await page.reload();
  await expectMarkers(page);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible(); // the shell came from the cache
    const notice = page.getByTestId('offline-notice');
    await expect(notice).toContainText('オフライン');
    await expect(notice).toContainText(/（(たった今|\d+分前)）に取得した情報を表示しています/);
    await expectMarkers(page);
    await shot(page, testInfo, 'offline');
  } finally {
    await context.setOffline(false);
  }
});
