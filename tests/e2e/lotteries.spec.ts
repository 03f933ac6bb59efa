import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { grantAdmin, otherPage, signIn } from './accounts';
import { isMobile, shot, url } from './helpers';

/**
 * Lotteries against the real server: a user submits an entry from a store's sheet link
 * (new users wait for review), an admin approves it in the 抽選 tab, and a guest finds it
 * in 抽選情報 with its countdown, filtered by the store's prefecture, then on the store's
 * sheet on the map; the submitter then chooses the store's prefecture for the lottery
 * calendar in マイページ, issues the feed URL and fetches it as a calendar app does: a real
 * iCalendar parser finds the entry with its two alarms. The demo entries fill the list on a
 * fresh demo site, and the map's 抽選受付中 filter shows a demo store with an open lottery, tagged.
 */
test.describe('lotteries', () => {
  test.skip(!process.env.E2E_MAILDEV_URL || !process.env.E2E_DATA_DIR, 'needs the real server with mail and its data directory');
  test.setTimeout(180_000);

  test('a user submits an entry → an admin approves it → a guest sees it in 抽選情報', async ({ page, browser }, testInfo) => {
    const product = `E2E限定BOX ${testInfo.project.name}-${Date.now().toString(36)}`;
    // A demo store in Osaka for one project, Tokyo for the other.
    const around = isMobile(testInfo) ? { lat: 34.7025, lng: 135.4959 } : { lat: 35.6895, lng: 139.6917 };
    const near = await page.request.get(url(`/api/v1/stores?lat=${around.lat}&lng=${around.lng}&radius_km=3&limit=1`));
    const store = ((await near.json()) as { data: { id: number; name: string; prefecture: string }[] }).data[0]!;

    await signIn(page, testInfo, '-lottery', 'ミスティ');
    await page.goto(url(`/lotteries/new?store=${store.id}`));
    const form = page.getByRole('form', { name: '抽選情報を登録' });
    await expect(form.getByText(store.name)).toBeVisible();
    await form.getByRole('combobox', { name: /商品/ }).selectOption('other');
    await form.getByRole('textbox', { name: /商品名/ }).fill(product);
    await form.getByRole('checkbox', { name: 'Web' }).check();
    // Japan time: from an hour ago to three hours from now, so the countdown reads in hours.
    const japan = (offsetMs: number) => new Date(Date.now() + offsetMs + 9 * 3_600_000).toISOString().slice(0, 16);
    await form.getByLabel(/受付開始/).fill(japan(-3_600_000));
    await form.getByLabel(/締切/).fill(japan(3 * 3_600_000 + 30 * 60_000));
    await form.getByRole('checkbox', { name: '本人確認' }).check();
    await shot(page, testInfo, 'lottery-form');
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByTestId('lottery-done')).toContainText('管理者の確認後に表示されます。');

    const admin = await otherPage(browser, testInfo);
    const account = await signIn(admin, testInfo, '-lottery-admin', 'カンリ');
    grantAdmin(account.email);
    await admin.goto(url('/admin/lotteries'));
    const entry = admin.getByTestId('admin-lottery').filter({ hasText: product });
    await expect(entry).toBeVisible({ timeout: 15_000 });
    await shot(admin, testInfo, 'admin-lotteries');
    await entry.getByRole('button', { name: '承認' }).click();
    await expect(admin.getByTestId('admin-notice')).toContainText('抽選情報を承認しました。');

    const guest = await otherPage(browser, testInfo);
    await guest.goto(url(`/lotteries?prefecture=${store.prefecture}`));
    const card = guest.getByTestId('lottery-card').filter({ hasText: product });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText('まもなく締切');
    await expect(card).toContainText(/締切まであと3時間/);
    await expect(card).toContainText('本人確認');
    await expect(card.getByRole('link', { name: store.name })).toHaveAttribute('href', `/map?store=${store.id}`);
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(guest.viewportSize()!.width);
    await shot(guest, testInfo, 'lotteries');

    // The store's sheet on the map lists the entry with its countdown.
    await card.getByRole('link', { name: store.name }).click();
    // The map may add its view to the URL once it has moved there (a phone does so at once).
    await expect(guest).toHaveURL(new RegExp(`/map\\?store=${store.id}(&view=[^&]+)?$`));
    const sheetLottery = guest.getByTestId('store-sheet-lottery-item').filter({ hasText: product });
    await expect(sheetLottery).toBeVisible({ timeout: 15_000 });
    await expect(sheetLottery).toContainText('まもなく締切');
    await expect(sheetLottery).toContainText(/締切まであと3時間/);
    await shot(guest, testInfo, 'store-sheet-lotteries');

    // The lottery calendar: the submitter adds the store's prefecture and issues the feed URL.
    await page.goto(url('/profile'));
    const calendar = page.getByTestId('lottery-calendar');
    await expect(calendar.getByRole('heading', { name: '抽選カレンダー' })).toBeVisible({ timeout: 15_000 });
    await calendar.getByTestId('calendar-add-prefecture').selectOption(store.prefecture);
    await expect(calendar.getByTestId('calendar-prefectures')).toBeVisible();
    await calendar.getByTestId('calendar-issue').click();
    const feedUrl = await calendar.getByTestId('calendar-url').inputValue();
    expect(feedUrl).toMatch(/\/api\/v1\/calendar\/lotteries\.ics\?token=[A-Za-z0-9_-]{43}$/);
    await expect(calendar.getByTestId('calendar-webcal')).toHaveAttribute('href', feedUrl.replace(/^https?:/, 'webcal:'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await calendar.scrollIntoViewIfNeeded();
    await calendar.screenshot({ path: `test-results/screens/${testInfo.project.name}/profile-calendar-section.png`, animations: 'disabled' });
    await shot(page, testInfo, 'profile-calendar');

    // Fetched as a calendar app does: no session, the token in the URL.
    const feed = await guest.request.get(feedUrl);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    expect(text).toContain('\r\n');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const vcalendar = new ICAL.Component(ICAL.parse(text));
    const event = vcalendar
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .find((e) => e.summary.includes(product));
    expect(event, `no event for ${product} in the feed`).toBeTruthy();
    expect(event!.summary).toContain(store.name);
    expect(event!.uid).toMatch(/^lottery-\d+@/);
    expect(event!.endDate.toJSDate().getTime() - Date.now()).toBeGreaterThan(3 * 3_600_000);
    expect(String(event!.component.getFirstPropertyValue('url'))).toContain(`/map?store=${store.id}`);
    const alarms = event!.component.getAllSubcomponents('valarm');
    expect(alarms.map((a) => (a.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds())).toEqual([-24 * 3600, -3 * 3600]);
    expect(alarms.every((a) => a.getFirstProperty('trigger')!.getParameter('related') === 'END')).toBe(true);

    // Stopped from the profile, the URL answers 404.
    page.once('dialog', (dialog) => void dialog.accept());
    await calendar.getByTestId('calendar-revoke').click();
    await expect(calendar.getByTestId('calendar-status')).toContainText('まだ発行されていません');
    expect((await guest.request.get(feedUrl)).status()).toBe(404);
  });

  test('the demo site lists its lotteries from the header, soonest deadline first', async ({ page }, testInfo) => {
    await page.goto(url('/'));
    if (isMobile(testInfo)) await page.getByRole('button', { name: 'メニューを開く' }).click();
    await page.getByRole('link', { name: /抽選情報/ }).first().click();
    await expect(page).toHaveURL(url('/lotteries'));
    const cards = page.getByTestId('lottery-card');
    await expect(cards.first()).toBeVisible({ timeout: 15_000 });
    expect(await cards.count()).toBeGreaterThan(10);
    // The box follows the URL (a controlled input): click, then wait for the URL and the tick.
    const loose = page.getByRole('checkbox', { name: /条件ゆるめ/ });
    await loose.click();
    await expect(page).toHaveURL(/loose=1/);
    await expect(loose).toBeChecked();
    await expect(cards.first()).toBeVisible();
    await shot(page, testInfo, 'lotteries-demo');
  });

  test('on the map, 抽選受付中 keeps the stores with an open lottery and tags them', async ({ page }, testInfo) => {
    // A demo entry open now (the demo data has open, closing and upcoming ones around the start).
    const listed = await page.request.get(url('/api/v1/lotteries?limit=200'));
    type Listed = { apply_start: string; apply_end: string; store: { id: number; name: string; lat: number; lng: number } };
    const now = Date.now();
    const entries = ((await listed.json()) as { data: Listed[] }).data;
    // Soonest deadline first: every entry ending within a day is in the first 200.
    const endingSoon = new Set(entries.filter((l) => Date.parse(l.apply_end) - now <= 26 * 3_600_000).map((l) => l.store.id));
    const open = entries.find((l) => Date.parse(l.apply_start) <= now && !endingSoon.has(l.store.id))!;
    expect(open).toBeTruthy();

    await page.goto(url(`/map?view=${open.store.lat},${open.store.lng},16`));
    await expect(page.locator('.pk-marker-wrap').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.pk-lottery')).toHaveCount(0); // no tag without the filter

    const filters = page.getByRole('group', { name: '絞り込み' });
    await filters.getByText('抽選受付中', { exact: true }).click();
    await expect(page).toHaveURL(/lottery=open/);
    await expect(filters.getByRole('checkbox', { name: '抽選受付中' })).toBeChecked();
    const marker = page.locator(`.leaflet-marker-icon[title="${open.store.name}"]`);
    await expect(marker.locator('.pk-lottery')).toHaveText('抽選', { timeout: 15_000 });
    // Every marker shown is a store with an open lottery.
    await expect(page.locator('.pk-marker-wrap:not(:has(.pk-lottery))')).toHaveCount(0);
    if (!isMobile(testInfo))
      await expect(page.getByTestId('store-list').locator(`[data-store-id="${open.store.id}"]`)).toContainText('抽選受付中');
    // The two chips scroll with the filter bar; the page itself does not grow sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await shot(page, testInfo, 'map-lottery-open');

    // まもなく締切: this store's window ends more than a day from now, so it leaves the map.
    await filters.getByText('まもなく締切', { exact: true }).click();
    await expect(page).toHaveURL(/lottery=closing/);
    await expect(marker).toHaveCount(0, { timeout: 15_000 });
    await shot(page, testInfo, 'map-lottery-closing');
  });
});
