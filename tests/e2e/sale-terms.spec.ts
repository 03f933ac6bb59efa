import { expect, test } from '@playwright/test';
import { signIn } from './accounts';
import { isMobile, shot, url } from './helpers';

/**
 * Sale terms against the real server: a user reports 購入できた at a demo store, choosing a
 * product from the catalogue and saying 先着・1人1BOXまで・7:00; the store's sheet then
 * summarises the terms and the timeline shows the report with the catalogue's name.
 */
test.describe('sale terms', () => {
  test.skip(!process.env.E2E_MAILDEV_URL, 'needs the real server with mail');
  test.setTimeout(120_000);

  test('a report with a catalogue product and 先着・1人1BOXまで・7:00 → the sheet and the timeline show it', async ({ page }, testInfo) => {
    // A demo store in Fukuoka for one project, Sapporo for the other: away from other journeys.
    const around = isMobile(testInfo) ? { lat: 43.0621, lng: 141.3544 } : { lat: 33.5902, lng: 130.4017 };
    const near = await page.request.get(url(`/api/v1/stores?lat=${around.lat}&lng=${around.lng}&radius_km=5&limit=1`));
    const store = ((await near.json()) as { data: { id: number; name: string }[] }).data[0]!;
    const products = (await (await page.request.get(url('/api/v1/products'))).json()) as { products: { name: string; kind: string }[] };
    const product = products.products.find((p) => p.kind === 'box')!.name;

    await signIn(page, testInfo, '-terms', 'タケシ');
    await page.goto(url(`/map?store=${store.id}`));
    const sheet = page.getByTestId('store-sheet');
    await expect(sheet).toContainText(store.name, { timeout: 15_000 });
    await sheet.getByTestId('store-sheet-report').click();
    const dialog = page.getByRole('dialog', { name: '購入報告' });
    await dialog.getByTestId('report-kind-bought').check();
    await dialog.getByTestId('report-product-box').check();
    await dialog.getByTestId('report-catalog').selectOption({ label: product });
    // Bought now (the form's default, so the report heads the timeline); sales from 7:00 Japan
    // time (the browser runs in Asia/Tokyo), or from midnight before 7:00.
    const early = new Date(Date.now() + 9 * 3_600_000).getUTCHours() < 7;
    const start = early ? { input: '00:00', shown: '0:00' } : { input: '07:00', shown: '7:00' };
    await dialog.getByTestId('report-method-first_come').check();
    await dialog.getByTestId('report-limit-count').fill('1');
    await dialog.getByTestId('report-limit-unit').selectOption('box');
    await dialog.getByTestId('report-sales-started-at').fill(start.input);
    await expect(dialog.getByTestId('report-submit')).toBeEnabled();
    await shot(page, testInfo, 'sale-terms-report-form');
    await dialog.getByTestId('report-submit').click();
    await expect(page.getByText('購入報告を投稿しました')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The sheet summarises the latest terms, Japan time, with how long ago.
    const terms = sheet.getByTestId('store-sheet-terms');
    await expect(terms).toContainText(`先着・1人1BOXまで・${start.shown}〜`, { timeout: 15_000 });
    await expect(terms).toContainText(/, (たった今|\d+分前|\d+時間前|\d+日前)$/);
    await expect(sheet.getByTestId('store-sheet-history')).toContainText(product);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await terms.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/${testInfo.project.name}/sale-terms-sheet.png`, animations: 'disabled' });

    // The timeline shows the report with the catalogue's name and its terms.
    await page.goto(url('/'));
    await page.getByRole('button', { name: /最新の購入報告/ }).click();
    const timeline = page.getByRole('dialog', { name: '最新の購入報告' });
    const row = timeline.getByTestId('timeline-list').locator('li').filter({ hasText: store.name }).first();
    await expect(row).toContainText(product);
    await expect(row.getByTestId('timeline-terms')).toHaveText(`先着・1人1BOXまで・${start.shown}〜`);
    await shot(page, testInfo, 'sale-terms-timeline');
  });
});
