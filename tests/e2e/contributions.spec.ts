import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { grantAdmin, otherPage, signIn } from './accounts';
import { isMobile, shot, url } from './helpers';
import { waitForMail } from './maildev';

/**
 * The contribution loop in the browser, against the real server, its SQLite
 * file, the isolated photo worker and real mail: a user submits a store with a photo
 * (GPS placement) → an admin approves it on /admin → it is on the map → the ranking shows
 * 5 pt → a purchase report from its sheet appears first in the timeline.
 * Each project places its store at its own spot, so the two runs never meet.
 */

const SPOTS = {
  desktop: { latitude: 35.65858, longitude: 139.74543 }, // 東京タワー
  mobile: { latitude: 34.70248, longitude: 135.49595 }, // 大阪駅
} as const;

/** A real JPEG made by the browser's own encoder (a gradient, 640×480). */
async function browserJpeg(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(640, 480);
    const g = canvas.getContext('2d')!;
    const gradient = g.createLinearGradient(0, 0, 640, 480);
    gradient.addColorStop(0, '#e53935');
    gradient.addColorStop(1, '#1e88e5');
    g.fillStyle = gradient;
    g.fillRect(0, 0, 640, 480);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  return Buffer.from(bytes);
}

async function openRanking(page: Page, testInfo: TestInfo) {
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: 'メニューを開く' }).click();
    await page.getByRole('button', { name: 'ランキング' }).click();
  } else {
    await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('button', { name: 'ランキング' }).click();
  }
  const dialog = page.getByRole('dialog', { name: '投稿ランキング' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('contributions', () => {
  test.skip(!process.env.E2E_MAILDEV_URL || !process.env.E2E_DATA_DIR, 'needs the real server with mail and its data directory');
  test.setTimeout(180_000);

  test('submit with a photo → admin approves → on the map → 5 pt → a purchase report in the timeline', async ({ browser, context, page }, testInfo) => {
    const run = Date.now().toString(36).slice(-5);
    const storeName = `E2Eカード ${testInfo.project.name} ${run}`;
    const nickname = `投稿者${run}`;

    // 1. A member submits the store from the home page, placed by GPS, with one photo.
    const spot = SPOTS[testInfo.project.name as keyof typeof SPOTS];
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(spot);
    await signIn(page, testInfo, '-member', nickname);
    await page.getByRole('button', { name: '店舗を投稿' }).click();
    const modal = page.getByRole('dialog', { name: '店舗情報を投稿' });
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('submission-gps')).toContainText(spot.latitude.toFixed(3).slice(0, 5));
    await modal.getByTestId('submission-store-name').fill(storeName);
    await modal.getByTestId('submission-images-input').setInputFiles({
      name: 'shop-front.jpg',
      mimeType: 'image/jpeg',
      buffer: await browserJpeg(page),
    });
    await expect(modal.getByRole('img').first()).toBeVisible(); // the preview
    await shot(page, testInfo, 'submission-modal');
    await modal.getByTestId('submission-submit').click();
    await expect(page.getByText('投稿ありがとうございます！承認後に地図に表示されます。')).toBeVisible({ timeout: 30_000 });
    await expect(modal).toBeHidden();

    // 2. An admin approves it as a card shop.
    const adminPage = await otherPage(browser, testInfo);
    const admin = await signIn(adminPage, testInfo, '-admin', `管理${run}`);
    grantAdmin(admin.email);
    await adminPage.goto(url('/admin'));
    await expect(adminPage.getByRole('heading', { name: '管理画面' })).toBeVisible();
    const card = adminPage.getByTestId('submission-card').filter({ hasText: storeName });
    await expect(card).toBeVisible();
    // The photo's thumbnail, re-encoded and served by the server, has really loaded.
    const thumbnail = card.getByRole('button', { name: '写真 1 を拡大' }).locator('img');
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The map preview draws the existing stores around it (both spots have demo stores within 1 km).
    await expect(card.getByTestId('map-preview').locator('.pka-near').first()).toBeAttached({ timeout: 15_000 });
    await shot(adminPage, testInfo, 'admin-queue');
    await card.getByRole('combobox', { name: '店舗の種類' }).selectOption('card_shop');
    await card.getByRole('button', { name: '承認する' }).click();
    await expect(card).toBeHidden({ timeout: 15_000 });
    // The audit log tells the review in Japanese (審査中 → 承認済み), never pending/approved.
    await adminPage.goto(url('/admin/audit'));
    const approval = adminPage.getByTestId('audit-entry').filter({ hasText: '投稿を承認' }).first();
    await expect(approval).toContainText('審査中');
    await expect(approval).toContainText('承認済み');
    await expect(approval).not.toContainText(/pending|approved/);
    await shot(adminPage, testInfo, 'admin-audit-approval');
    await adminPage.context().close();

    // 3. The store is on the map: the nearest-stores list at its spot starts with it.
    await page.goto(url(`/map?lat=${spot.latitude}&lng=${spot.longitude}`));
    const list = page.getByTestId('store-list');
    const row = list.getByRole('button').filter({ hasText: storeName });
    await expect(row).toBeVisible({ timeout: 15_000 });

    // 4. The ranking counts it: 5 pt (a post with a photo).
    await page.goto(url('/'));
    const ranking = await openRanking(page, testInfo);
    const entry = ranking.getByTestId('ranking-row').filter({ hasText: nickname });
    await expect(entry.getByTestId('ranking-points')).toHaveText('5pt');
    await shot(page, testInfo, 'ranking');
    await ranking.getByRole('button', { name: /閉じる/ }).click();

    // 5. A purchase report from the store's sheet is first in the timeline.
    await page.goto(url(`/map?lat=${spot.latitude}&lng=${spot.longitude}`));
    await list.getByRole('button').filter({ hasText: storeName }).click();
    const sheet = page.getByTestId('store-sheet');
    await expect(sheet).toContainText(storeName);
    await sheet.getByTestId('store-sheet-report').click();
    const report = page.getByRole('dialog', { name: '購入報告' });
    await report.getByTestId('report-kind-bought').check();
    await report.getByTestId('report-product-box').check();
    await report.getByTestId('report-limit-count').fill('1');
    await report.getByTestId('report-limit-unit').selectOption('box');
    await shot(page, testInfo, 'report-form');
    await report.getByTestId('report-submit').click();
    await expect(page.getByText('購入報告を投稿しました')).toBeVisible();
    await page.goto(url('/'));
    await page.getByRole('button', { name: /最新の購入報告/ }).click();
    const timeline = page.getByRole('dialog', { name: '最新の購入報告' });
    const first = timeline.getByTestId('timeline-list').locator('li').first();
    await expect(first).toContainText(storeName);
    await expect(first).toContainText('1人1BOXまで');
    await shot(page, testInfo, 'timeline-after-report');
  });

  test('a rejected post: my stats shows it pending beside approved, then rejected with the reason; one mail says why', async ({ browser, context, page }, testInfo) => {
    const run = Date.now().toString(36).slice(-5);
    const storeName = `E2E却下 ${testInfo.project.name} ${run}`;
    const spot = SPOTS[testInfo.project.name as keyof typeof SPOTS];
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(spot);
    const member = await signIn(page, testInfo, '-rejected', `却下${run}`);
    await page.getByRole('button', { name: '店舗を投稿' }).click();
    const modal = page.getByRole('dialog', { name: '店舗情報を投稿' });
    await expect(modal.getByTestId('submission-gps')).toContainText(spot.latitude.toFixed(3).slice(0, 5));
    await modal.getByTestId('submission-store-name').fill(storeName);
    await modal.getByTestId('submission-submit').click();
    await expect(modal).toBeHidden({ timeout: 30_000 });

    // Right after posting: pending stands beside approved, as large.
    await page.goto(url('/my-stats'));
    await expect(page.getByTestId('stats-pending')).toHaveText('審査中 1件');
    await expect(page.getByTestId('stats-submissions')).toContainText('承認済み 0件');
    await expect(page.getByTestId('stats-submission').filter({ hasText: storeName })).toContainText('審査中');
    await shot(page, testInfo, 'my-stats-pending');

    const adminPage = await otherPage(browser, testInfo);
    const admin = await signIn(adminPage, testInfo, '-rejecter', `管理却下${run}`);
    grantAdmin(admin.email);
    await adminPage.goto(url('/admin'));
    const card = adminPage.getByTestId('submission-card').filter({ hasText: storeName });
    await card.getByRole('button', { name: '却下する' }).click();
    await card.getByRole('textbox', { name: /却下の理由/ }).fill('店舗の場所を確認できなかったため');
    await card.getByRole('button', { name: '却下を確定' }).click();
    await expect(card).toBeHidden({ timeout: 15_000 });
    await adminPage.context().close();

    await page.goto(url('/my-stats'));
    const row = page.getByTestId('stats-submission').filter({ hasText: storeName });
    await expect(row).toContainText('非承認');
    await expect(row).toContainText('理由: 店舗の場所を確認できなかったため');
    await shot(page, testInfo, 'my-stats-rejected');

    // One mail about the decision, with the reason.
    const mail = await waitForMail(process.env.E2E_MAILDEV_URL!, member.email, /投稿について/);
    expect(mail.subject).toBe(`【ポケカ販売店マップ】「${storeName}」の投稿について`);
    expect(mail.text).toContain('理由：店舗の場所を確認できなかったため');
  });
});
