import { expect, test } from '@playwright/test';
import { otherPage, signIn } from './accounts';
import { shot, url } from './helpers';
import { waitForMail } from './maildev';
import { startPushStandIn, type PushStandIn } from './push-service';

/**
 * The alert journey, end to end against the real server: user B turns notifications on
 * for this device and watches an area from the map → user A reports 購入できた at a store
 * inside it → B's alert arrives both as a mail (MailDev, over SMTP) and as a Web Push
 * (the server's real sender, decrypted by the push-service stand-in) → B opens the store
 * from the notification's address, answers まだ買えた on A's report → the sheet shows the
 * count. PushManager.subscribe is stubbed as in push.spec.ts (headless Chromium has no
 * push service); everything after it is real.
 */

const ALERT_TIMEOUT_MS = 40_000;
/** Tokyo station: the demo data has stores around it. */
const SPOT = { lat: 35.6812, lng: 139.7671 };

let service: PushStandIn;

test.beforeEach(async ({ page, context }) => {
  service = await startPushStandIn();
  await context.grantPermissions(['notifications'], { origin: url('/') });
  await page.addInitScript((sub) => {
    PushManager.prototype.subscribe = async () =>
      ({ endpoint: sub.endpoint, toJSON: () => ({ endpoint: sub.endpoint, keys: sub.keys }) }) as unknown as PushSubscription;
  }, { endpoint: service.endpoint, keys: service.keys });
});

test.afterEach(async () => {
  await service.close();
});

test.describe('alerts that reach a phone', () => {
  test.skip(!process.env.E2E_MAILDEV_URL, 'needs a server with --smtp-url and MailDev');

  test('B watches an area → A reports 購入できた → B gets the mail and the push → B confirms → the count shows', async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const maildev = process.env.E2E_MAILDEV_URL!;
    const watcher = await signIn(page, testInfo, '-journey-watch', 'ウォッチャー');

    // This device receives notifications; no quiet hours, so the alert goes now whatever the hour in Japan.
    await page.goto(url('/profile'));
    const settings = page.locator('#notifications');
    await settings.getByRole('button', { name: 'この端末で通知を受け取る' }).click();
    await expect(settings.getByTestId('push-device')).toHaveCount(1);
    await page.getByTestId('quiet-start_hour').selectOption('0');
    await page.getByTestId('quiet-end_hour').selectOption('0');
    await page.getByTestId('quiet-save').click();
    await expect(page.getByText('通知を控える時間を保存しました')).toBeVisible();

    // このエリアを通知 around Tokyo station, 5 km; the nearest store lies inside.
    await page.goto(url(`/map?lat=${SPOT.lat}&lng=${SPOT.lng}`));
    await expect(page.locator('.leaflet-marker-pane .pk-marker').first()).toBeVisible({ timeout: 15_000 });
    await page.getByTestId('watch-area-button').click();
    const dialog = page.getByRole('dialog', { name: 'このエリアを通知' });
    await dialog.getByTestId('watch-radius-5').check();
    await dialog.getByTestId('watch-submit').click();
    await expect(page.getByText('通知エリアを登録しました')).toBeVisible();
    await page.getByTestId('store-list').getByRole('button').first().click({ timeout: 15_000 });
    const heading = page.getByTestId('store-sheet').getByRole('heading', { level: 2 });
    await expect(heading).toBeVisible({ timeout: 15_000 });
    const storeName = (await heading.textContent())!;
    const storeId = new URL(page.url()).searchParams.get('store')!;
    expect(storeId).toMatch(/^\d+$/);

    // User A reports 購入できた there.
    const other = await otherPage(browser, testInfo);
    await signIn(other, testInfo, '-journey-report', 'レポーター');
    await other.goto(url(`/map?store=${storeId}`));
    await other.getByTestId('store-sheet').getByTestId('store-sheet-report').click({ timeout: 15_000 });
    const report = other.getByRole('dialog', { name: '購入報告' });
    await report.getByTestId('report-kind-bought').check();
    await report.getByTestId('report-product-box').check();
    await report.getByTestId('report-submit').click();
    await expect(other.getByText('購入報告を投稿しました')).toBeVisible();
    await other.context().close();

    // B's alert: a mail naming the store, and a push the device can decrypt.
    const mail = await waitForMail(maildev, watcher.email, /通知エリア/, ALERT_TIMEOUT_MS);
    expect(`${mail.subject}\n${mail.text ?? ''}${mail.html ?? ''}`).toContain(storeName);
    await expect.poll(() => service.received.length, { timeout: ALERT_TIMEOUT_MS }).toBe(1);
    const push = service.received[0].payload as { title: string; body: string; url: string; tag: string; off: string };
    expect(push.title).toBe(`通知エリアの${storeName}で購入報告がありました`);
    expect(push.body).toContain('「購入できた」の報告がありました');
    expect(push.url).toBe(`/map?store=${storeId}`);
    expect(push.tag).toMatch(/^watch_alert:report:\d+:user:\d+$/);

    // B opens the store from the notification (its address) and confirms A's report.
    await page.goto(url(push.url));
    const row = page.getByTestId('store-sheet-history').getByRole('listitem').first();
    const buttons = row.getByTestId('confirmation-buttons');
    await expect(buttons).toBeVisible({ timeout: 15_000 });
    await buttons.getByRole('button', { name: 'まだ買えた' }).click();
    await expect(row.getByTestId('confirmation-count')).toContainText('1人がまだ買えたと確認・');
    await shot(page, testInfo, 'journey-confirmed');

    // The notification's 通知をオフ action opens the push's own signed off link: the watch stops.
    expect(push.off).toMatch(/^\/alerts\/watch-off\?token=[\w-]+\.[\w-]+$/);
    await page.goto(url(push.off));
    await expect(page.getByTestId('watch-off-result')).toContainText('エリアの通知を停止しました。');
  });
});
