import { expect, test, type Page } from '@playwright/test';
import { grantAdmin, login, newAccount, signUpAndVerify } from './accounts';
import { offlineExceptServer, shot, url } from './helpers';

/**
 * Page-view analytics in the browser: a visitor's page view (Playwright's HeadlessChrome is a
 * browser, not a robot) shows up in today's numbers on /admin/analytics, whose charts
 * (uPlot, lazy) draw on a canvas.
 */

/** Today's page views in the daily table (newest first). */
async function todaysViews(page: Page): Promise<number> {
  const firstRow = page.getByTestId('analytics-daily').locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  const cell = await firstRow.locator('td').nth(1).textContent();
  return Number((cell ?? '').replace(/,/g, ''));
}

test('a page view shows up in today’s analytics for the admin', async ({ browser, page }, testInfo) => {
  await offlineExceptServer(page);
  const account = { ...newAccount(testInfo, '-analytics'), nickname: `解析${testInfo.project.name}` };
  await signUpAndVerify(page, account);
  grantAdmin(account.email);
  await login(page, account.email, account.password);
  await expect(page).toHaveURL(url('/'));

  await page.goto(url('/admin/analytics?range=7'));
  await expect(page.getByRole('heading', { name: 'アナリティクス' })).toBeVisible();
  await expect(page.getByRole('button', { name: '7日' })).toHaveAttribute('aria-pressed', 'true');
  const before = await todaysViews(page);

  // A guest in another context opens a prefecture's map: one view of /map.
  const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guestPage = await guest.newPage();
  await offlineExceptServer(guestPage);
  const sent = guestPage.waitForRequest((r) => r.url().endsWith('/api/v1/analytics/events') && r.method() === 'POST');
  await guestPage.goto(url('/map?prefecture=kochi'));
  const event = await sent;
  expect(event.postDataJSON()).toEqual({ path: '/map', prefecture: 'kochi', viewport: 'phone' });
  expect((await event.response())?.status()).toBe(204);
  await guest.close();

  await page.reload();
  await expect.poll(() => todaysViews(page)).toBeGreaterThan(before);
  await expect(page.getByTestId('analytics-top-pages')).toContainText('/map');
  await expect(page.getByTestId('analytics-chart').first().locator('canvas')).toBeVisible();
  await expect(page.getByTestId('analytics-top-prefectures-views')).toContainText('高知県');
  await shot(page, testInfo, 'admin-analytics');
});
