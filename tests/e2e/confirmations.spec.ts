import { expect, test, type Page } from '@playwright/test';
import { otherPage, signIn } from './accounts';
import { shot, url } from './helpers';

/**
 * Confirmations in the browser, against the real server: user A reports 購入できた at a
 * store → user B opens the store's sheet and answers まだ買えた, the count shows → B changes
 * to 売り切れだった and the store's status follows → A sees the count but no buttons on
 * their own report. Screens of the buttons are saved under frontend/test-results/screens/.
 */

/** Tokyo station: the demo data has stores around it. */
const SPOT = { lat: 35.6812, lng: 139.7671 };

function newestReport(page: Page) {
  return page.getByTestId('store-sheet-history').getByRole('listitem').first();
}

test.describe('confirmations of a purchase report', () => {
  test.skip(!process.env.E2E_MAILDEV_URL, 'needs a server with --smtp-url and MailDev (sign-up mails)');

  test('A reports 購入できた → B confirms → B changes to 売り切れだった → the store follows; A gets no buttons', async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    await signIn(page, testInfo, '-reporter', 'レポーター');

    // A reports 購入できた at the first store near the spot.
    await page.goto(url(`/map?lat=${SPOT.lat}&lng=${SPOT.lng}`));
    await page.getByTestId('store-list').getByRole('button').first().click({ timeout: 15_000 });
    const sheet = page.getByTestId('store-sheet');
    await expect(sheet.getByRole('heading', { level: 2 })).toBeVisible({ timeout: 15_000 });
    const storeId = new URL(page.url()).searchParams.get('store');
    expect(storeId).toMatch(/^\d+$/);
    await sheet.getByTestId('store-sheet-report').click();
    const form = page.getByRole('dialog', { name: '購入報告' });
    await form.getByTestId('report-kind-bought').check();
    await form.getByTestId('report-product-pack').check();
    await form.getByTestId('report-submit').click();
    await expect(page.getByText('購入報告を投稿しました')).toBeVisible();

    // B opens the store's sheet: the newest report (A's) has the buttons.
    const other = await otherPage(browser, testInfo);
    await signIn(other, testInfo, '-confirmer', 'カクニン');
    await other.goto(url(`/map?store=${storeId}`));
    const row = newestReport(other);
    const buttons = row.getByTestId('confirmation-buttons');
    await expect(buttons).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('購入できた');
    await shot(other, testInfo, 'confirmation-buttons');

    await buttons.getByRole('button', { name: 'まだ買えた' }).click();
    await expect(row.getByTestId('confirmation-count')).toContainText('1人がまだ買えたと確認・');
    await expect(buttons.getByRole('button', { name: 'まだ買えた' })).toHaveAttribute('aria-pressed', 'true');
    await expect(other.getByTestId('store-sheet-freshness')).toContainText('購入できた');
    await shot(other, testInfo, 'confirmation-still');

    // B changes the answer: one answer, now a denial; the store reads 売り切れ.
    await buttons.getByRole('button', { name: '売り切れだった' }).click();
    await expect(row.getByTestId('confirmation-count')).toContainText('1人が売り切れだったと回答・');
    await expect(row.getByTestId('confirmation-outdated')).toBeVisible();
    await expect(buttons.getByRole('button', { name: '売り切れだった' })).toHaveAttribute('aria-pressed', 'true');
    await expect(other.getByTestId('store-sheet-freshness')).toContainText('売り切れ');
    await shot(other, testInfo, 'confirmation-gone');
    await other.context().close();

    // A sees the count on their own report, and no buttons; the store reads 売り切れ for A too.
    await page.goto(url(`/map?store=${storeId}`));
    const own = newestReport(page);
    await expect(own.getByTestId('confirmation-count')).toContainText('1人が売り切れだったと回答・', { timeout: 15_000 });
    await expect(own.getByTestId('confirmation-buttons')).toHaveCount(0);
    await expect(page.getByTestId('store-sheet-freshness')).toContainText('売り切れ');
    await shot(page, testInfo, 'confirmation-own-report');
  });
});
