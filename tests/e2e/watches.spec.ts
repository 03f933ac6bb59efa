import { expect, test } from '@playwright/test';
import { login, newAccount, signUpAndVerify } from './accounts';
import { offlineExceptServer, shot, url } from './helpers';
import { waitForMail, type Mail } from './maildev';

/**
 * Area watches in the browser, against the real server and MailDev over SMTP: user B
 * creates a watch from the map (このエリアを通知, the map's centre with a radius) → user A
 * reports 購入できた at a store inside it → B's alert mail arrives → its off link turns the
 * watch off (the profile list shows it off). Screens of the map's dialog and the profile's
 * list are saved under frontend/test-results/screens/<project>/.
 */

const ALERT_MAIL_TIMEOUT_MS = 40_000;
/** Tokyo station: the demo data has stores around it. */
const SPOT = { lat: 35.6812, lng: 139.7671 };

function watchOffLink(mail: Mail): string {
  const body = `${mail.text ?? ''}\n${mail.html ?? ''}`;
  // The page's link for this watch (the first one; not the List-Unsubscribe API address).
  const found = [...body.matchAll(/https?:\/\/[^\s"'<>]+\/alerts\/watch-off\?token=[^\s"'<>]+/g)]
    .map((m) => m[0])
    .find((link) => !link.includes('/api/v1/'));
  if (!found) throw new Error(`no /alerts/watch-off link in mail "${mail.subject}"`);
  return found.replace(/&amp;/g, '&');
}

test.beforeEach(async ({ page }) => {
  await offlineExceptServer(page);
});

test.describe('area watches', () => {
  test.skip(!process.env.E2E_MAILDEV_URL, 'needs a server with --smtp-url and MailDev');

  test('B watches an area from the map → A reports 購入できた there → B’s mail → its link turns the watch off', async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const maildev = process.env.E2E_MAILDEV_URL!;
    const watcher = newAccount(testInfo, '-watch');
    await signUpAndVerify(page, watcher);
    await login(page, watcher.email, watcher.password);
    await expect(page).toHaveURL(url('/'));

    // No quiet hours for this test: the alert must go now whatever the hour in Japan.
    await page.goto(url('/profile'));
    const list = page.getByTestId('watch-list');
    await expect(list).toContainText('通知エリアはまだありません');
    await page.getByTestId('quiet-start_hour').selectOption('0');
    await page.getByTestId('quiet-end_hour').selectOption('0');
    await page.getByTestId('quiet-save').click();
    await expect(page.getByText('通知を控える時間を保存しました')).toBeVisible();

    // このエリアを通知 on the map around Tokyo station, 5 km.
    await page.goto(url(`/map?lat=${SPOT.lat}&lng=${SPOT.lng}`));
    await expect(page.locator('.leaflet-marker-pane .pk-marker').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('watch-area-button')).toBeVisible();
    await shot(page, testInfo, 'watch-button');
    await page.getByTestId('watch-area-button').click();
    const dialog = page.getByRole('dialog', { name: 'このエリアを通知' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('watch-centre')).toContainText('35.');
    await dialog.getByTestId('watch-radius-5').check();
    await shot(page, testInfo, 'watch-dialog');
    await dialog.getByTestId('watch-submit').click();
    await expect(page.getByText('通知エリアを登録しました')).toBeVisible();

    // The nearest store to the centre (inside 5 km).
    await page.getByTestId('store-list').getByRole('button').first().click({ timeout: 15_000 });
    const heading = page.getByTestId('store-sheet').getByRole('heading', { level: 2 });
    await expect(heading).toBeVisible({ timeout: 15_000 });
    const storeName = (await heading.textContent())!;
    const storeId = new URL(page.url()).searchParams.get('store')!;

    // The profile lists the watch, on.
    await page.goto(url('/profile'));
    await expect(list.getByTestId('watch-item')).toHaveCount(1);
    await expect(list.getByTestId('watch-item')).toContainText('半径5km');
    await expect(list.getByTestId('watch-active')).toBeChecked();
    await list.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'watch-list');

    // User A reports 購入できた at the store.
    const otherContext = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
    const other = await otherContext.newPage();
    await offlineExceptServer(other);
    const reporter = newAccount(testInfo, '-wreporter');
    await signUpAndVerify(other, reporter);
    await login(other, reporter.email, reporter.password);
    await expect(other).toHaveURL(url('/'));
    await other.goto(url(`/map?store=${storeId}`));
    await other.getByTestId('store-sheet').getByTestId('store-sheet-report').click({ timeout: 15_000 });
    const report = other.getByRole('dialog', { name: '購入報告' });
    await report.getByTestId('report-kind-bought').check();
    await report.getByTestId('report-product-box').check();
    await report.getByTestId('report-submit').click();
    await expect(other.getByText('購入報告を投稿しました')).toBeVisible();
    await otherContext.close();

    // B's alert mail arrives, naming the store, with the off link.
    const mail = await waitForMail(maildev, watcher.email, /通知エリア/, ALERT_MAIL_TIMEOUT_MS);
    expect(`${mail.subject}\n${mail.text ?? ''}${mail.html ?? ''}`).toContain(storeName);
    await page.goto(watchOffLink(mail));
    await expect(page.getByTestId('watch-off-result')).toContainText('エリアの通知を停止しました。');

    // The profile shows the watch off.
    await page.goto(url('/profile'));
    await expect(list.getByTestId('watch-active')).not.toBeChecked();
  });
});
