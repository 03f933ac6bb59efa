import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { login, newAccount, signUpAndVerify } from './accounts';
import { isMobile, offlineExceptServer, shot, url } from './helpers';

/**
 * Saved trips in the browser, against the real server and its SQLite file:
 * add 4 stores to a trip from the map's list → 最適化 → the line and the distance appear
 * → save → reload /saved-routes → open it → the Google Maps link has the stops in the
 * planned order. Screens of the trip bar, the drawn trip and /saved-routes are saved
 * for review (frontend/test-results/screens/<project>/routes-*.png).
 */

interface PlannedStop {
  store_id: number;
  name: string;
  lat: number;
  lng: number;
}

const coordinate = (s: { lat: number; lng: number }) => `${Number(s.lat.toFixed(6))},${Number(s.lng.toFixed(6))}`;

/** The stop coordinates a Google Maps directions URL visits, in order. */
function visited(href: string): string[] {
  const u = new URL(href);
  const waypoints = u.searchParams.get('waypoints');
  return [u.searchParams.get('origin')!, ...(waypoints ? waypoints.split('|') : []), u.searchParams.get('destination')!];
}

async function stopNames(page: Page): Promise<string[]> {
  return (await page.getByTestId('route-stop-name').allTextContents()).map((text) => text.trim());
}

async function signIn(page: Page, testInfo: TestInfo) {
  await offlineExceptServer(page);
  const account = newAccount(testInfo, '-routes');
  await signUpAndVerify(page, account);
  await login(page, account.email, account.password);
  await expect(page).toHaveURL(url('/'));
}

test.describe('routes', () => {
  test.skip(!process.env.E2E_MAILDEV_URL, 'needs the real server with mail');
  test.setTimeout(180_000);

  test('add 4 stores → optimise → line and distance → save → /saved-routes → open → Google Maps in planned order', async ({ page }, testInfo) => {
    await signIn(page, testInfo);
    // Around Shinjuku station: the nearest stores are listed (the sheet opens on phones).
    await page.goto(url('/map?lat=35.6896&lng=139.7006'));
    const list = page.getByTestId('store-list');
    const adds = list.getByTestId('add-to-route');
    await expect(adds.nth(5)).toBeVisible({ timeout: 20_000 });
    // Four stores, not in list order, so the planner has work to do.
    for (const index of [3, 0, 5, 1]) {
      await adds.nth(index).click();
      await expect(adds.nth(index)).toBeDisabled();
    }
    const bar = page.getByTestId('route-bar');
    await expect(bar.getByTestId('route-stop')).toHaveCount(4);
    // Phones: fold the store list away so the map and the trip bar are in view.
    if (isMobile(testInfo)) await page.getByRole('button', { name: /一覧を閉じる/ }).click();

    const planned = page.waitForResponse((r) => r.url().endsWith('/api/v1/routes/plan') && r.request().method() === 'POST');
    await bar.getByTestId('route-optimize').click();
    const plan = (await (await planned).json()) as { route: { stops: PlannedStop[]; total_m: number } };
    expect(plan.route.stops).toHaveLength(4);
    await expect(page.getByText(/回る順番を最適化しました/)).toBeVisible();
    await expect(bar.getByTestId('route-total')).toHaveText(/^\d+(\.\d)? ?k?m$/);
    await expect(page.locator('path.pk-route-line')).toBeVisible();
    await expect(page.locator('.pk-route-stop')).toHaveCount(4);
    const plannedNames = plan.route.stops.map((s) => s.name);
    expect(await stopNames(page)).toEqual(plannedNames);
    const link = bar.getByTestId('route-maps-link');
    await expect(link).toHaveCount(1);
    expect(visited((await link.getAttribute('href'))!)).toEqual(plan.route.stops.map(coordinate));
    await shot(page, testInfo, 'routes-1-map-route-bar');

    const name = `発売日ルート ${testInfo.project.name}`;
    await bar.getByTestId('route-save').click();
    await bar.getByLabel('ルート名').fill(name);
    await bar.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByText(`ルート「${name}」を保存しました`)).toBeVisible();

    await page.goto(url('/saved-routes'));
    // Let the page's session refresh finish before reloading (a rotated refresh cookie must land first).
    await expect(page.getByTestId('saved-routes')).toBeVisible();
    await page.reload();
    const saved = page.getByTestId('saved-route').filter({ hasText: name });
    await expect(saved).toBeVisible();
    await expect(saved).toContainText('4店舗');
    await shot(page, testInfo, 'routes-2-saved-routes');

    // Start from an empty bar, so what shows is what the server kept.
    await page.evaluate(() => sessionStorage.clear());
    await saved.getByTestId('saved-route-open').click();
    await expect(page).toHaveURL(/\/map\?route=\d+$/);
    const reopened = page.getByTestId('route-bar');
    await expect(reopened.getByTestId('route-stop')).toHaveCount(4);
    expect(await stopNames(page)).toEqual(plannedNames);
    const href = (await reopened.getByTestId('route-maps-link').getAttribute('href'))!;
    expect(href).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&origin=/);
    expect(href).toContain('travelmode=walking');
    expect(visited(href)).toEqual(plan.route.stops.map(coordinate));
    await expect(page.locator('path.pk-route-line')).toBeVisible();
    await shot(page, testInfo, 'routes-3-reopened');
  });
});
