import { expect, test } from '@playwright/test';
import { login, newAccount, signUpAndVerify } from './accounts';
import { offlineExceptServer, shot, url } from './helpers';
import { waitForMail, type Mail } from './maildev';

/**
 * The personal features in the browser, against the real server and MailDev over SMTP: log in → turn the
 * favourite-store alerts on → favourite a store from its sheet → see it on /favorites →
 * another user reports 購入できた there → the alert mail arrives → its unsubscribe link
 * works → /my-stats shows the user's numbers. Screens of the sheet, the search, /favorites
 * and /my-stats are saved under frontend/test-results/screens/<project>/.
 */

const ALERT_MAIL_TIMEOUT_MS = 40_000;
/** Tokyo station: the demo data has stores around it. */
const SPOT = { lat: 35.6812, lng: 139.7671 };

function unsubscribeLink(mail: Mail): string {
  const body = `${mail.text ?? ''}\n${mail.html ?? ''}`;
  // The page's link (not the List-Unsubscribe API address under /api/v1).
  const found = [...body.matchAll(/https?:\/\/[^\s"'<>]+\/alerts\/unsubscribe\?token=[^\s"'<>]+/g)]
    .map((m) => m[0])
    .find((link) => !link.includes('/api/v1/'));
  if (!found) throw new Error(`no /alerts/unsubscribe link in mail "${mail.subject}"`);
  return found.replace(/&amp;/g, '&');
}

test.beforeEach(async ({ page }) => {
  await offlineExceptServer(page);
});

test('a guest opens a shared store link: the map on the store, with its sheet', async ({ page }) => {
  await page.goto(url(`/map?lat=${SPOT.lat}&lng=${SPOT.lng}`));
  const list = page.getByTestId('store-list');
  await list.getByRole('button').first().click({ timeout: 15_000 });
  const sheet = page.getByTestId('store-sheet');
  const name = (await sheet.getByRole('heading', { level: 2 }).textContent({ timeout: 15_000 }))!;
  const id = new URL(page.url()).searchParams.get('store');
  expect(id).toMatch(/^\d+$/);

  await page.goto(url(`/map?store=${id}`));
  await expect(page.getByTestId('store-sheet').getByRole('heading', { level: 2 })).toHaveText(name, { timeout: 15_000 });
  await expect(page.locator('.leaflet-marker-pane .pk-marker').first()).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: '店舗の詳細を閉じる' }).click();
  // Closing drops ?store= (the map's own ?view= may stay: the view is kept in the URL).
  await expect.poll(() => new URL(page.url()).searchParams.get('store')).toBeNull();
});

test.describe('favourites, alerts and my stats', () => {
  test.skip(!process.env.E2E_MAILDEV_URL, 'needs a server with --smtp-url and MailDev');

  test('favourite → /favorites → someone reports 購入できた → alert mail → unsubscribe → /my-stats', async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const maildev = process.env.E2E_MAILDEV_URL!;
    const account = newAccount(testInfo, '-fav');
    await signUpAndVerify(page, account);
    await login(page, account.email, account.password);
    await expect(page).toHaveURL(url('/'));

    // The alerts are off by default; turn them on.
    await page.goto(url('/profile'));
    const alerts = page.getByRole('switch', { name: '通知メールを受け取る' });
    await expect(alerts).not.toBeChecked();
    // The switch shows the server's answer, so it turns on when PUT /users/profile returns, not
    // at the click (Playwright's check() would demand the change at once).
    await alerts.click();
    await expect(page.getByText('お気に入り店舗の通知メールをオンにしました')).toBeVisible();
    await expect(alerts).toBeChecked();

    // Open a store's sheet from the nearby list and favourite it.
    await page.goto(url(`/map?lat=${SPOT.lat}&lng=${SPOT.lng}`));
    await page.getByTestId('store-list').getByRole('button').first().click({ timeout: 15_000 });
    const sheet = page.getByTestId('store-sheet');
    const heading = sheet.getByRole('heading', { level: 2 });
    await expect(heading).toBeVisible({ timeout: 15_000 });
    const storeName = (await heading.textContent())!;
    const storeId = new URL(page.url()).searchParams.get('store')!;
    const star = sheet.getByTestId('store-sheet-favorite');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('お気に入りに追加しました')).toBeVisible();

    // The user's own report (it counts in /my-stats; no alert to oneself).
    await sheet.getByTestId('store-sheet-report').click();
    const own = page.getByRole('dialog', { name: '購入報告' });
    await own.getByTestId('report-kind-sold_out').check();
    await own.getByTestId('report-product-pack').check();
    await own.getByTestId('report-submit').click();
    await expect(page.getByText('購入報告を投稿しました')).toBeVisible();
    await expect(sheet.getByTestId('store-sheet-history')).toContainText('売り切れ');
    await shot(page, testInfo, 'store-sheet');

    // The search box finds the store by its name (a chain's first word alone matches more
    // stores than the box lists).
    const search = page.getByRole('combobox', { name: '店舗名・地名で検索' });
    await search.fill(storeName);
    await expect(page.getByTestId('store-search-results').getByRole('option').filter({ hasText: storeName }).first()).toBeVisible({ timeout: 10_000 });
    await shot(page, testInfo, 'store-search');
    await search.press('Escape');

    // It is on /favorites.
    await page.goto(url('/favorites'));
    const row = page.getByTestId('favorite-row').filter({ hasText: storeName });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: '地図で見る' })).toHaveAttribute('href', `/map?store=${storeId}`);
    await shot(page, testInfo, 'favorites');

    // Another user reports 購入できた there.
    const otherContext = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
    const other = await otherContext.newPage();
    await offlineExceptServer(other);
    const otherAccount = newAccount(testInfo, '-reporter');
    await signUpAndVerify(other, otherAccount);
    await login(other, otherAccount.email, otherAccount.password);
    await expect(other).toHaveURL(url('/'));
    await other.goto(url(`/map?store=${storeId}`));
    await other.getByTestId('store-sheet').getByTestId('store-sheet-report').click({ timeout: 15_000 });
    const report = other.getByRole('dialog', { name: '購入報告' });
    await report.getByTestId('report-kind-bought').check();
    await report.getByTestId('report-product-box').check();
    await report.getByTestId('report-submit').click();
    await expect(other.getByText('購入報告を投稿しました')).toBeVisible();
    await otherContext.close();

    // The alert mail arrives (queued, sent over SMTP), with a one-click unsubscribe link.
    const mail = await waitForMail(maildev, account.email, /お気に入り|購入できた/, ALERT_MAIL_TIMEOUT_MS);
    expect(`${mail.subject}\n${mail.text ?? ''}${mail.html ?? ''}`).toContain(storeName);
    await page.goto(unsubscribeLink(mail));
    await expect(page.getByTestId('unsubscribe-result')).toContainText('お気に入り店舗の通知を停止しました。');
    await shot(page, testInfo, 'unsubscribed');
    await page.goto(url('/profile'));
    await expect(page.getByRole('switch', { name: '通知メールを受け取る' })).not.toBeChecked();

    // /my-stats shows the user's numbers.
    await page.goto(url('/my-stats'));
    await expect(page.getByTestId('stats-favorites')).toHaveText(/^1件/);
    await expect(page.getByTestId('stats-reports')).toHaveText(/^1件/);
    await expect(page.getByTestId('stats-chart')).toBeVisible();
    await expect(page.getByTestId('stats-empty')).toBeHidden();
    await shot(page, testInfo, 'my-stats');
  });
});
