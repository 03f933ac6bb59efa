import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { grantAdmin, otherPage, signIn } from './accounts';
import { expectMarkers, isMobile, shot, url } from './helpers';

/**
 * The admin console against the real server: every tab renders (screenshots on
 * both projects), an admin moves a store's pin and the public map shows it at the new
 * place, and an admin blocks a user whose next call lands on /blocked.
 */

/** Where each project moves its store: far from the demo stores and from the other project's. */
const NEW_SPOT = {
  desktop: { lat: 35.360556, lng: 138.727778 }, // 富士山頂
  mobile: { lat: 36.256111, lng: 137.6 }, // 乗鞍岳
} as const;

async function signInAsAdmin(page: Page, testInfo: TestInfo) {
  const admin = await signIn(page, testInfo, '-admin', 'カンリ');
  grantAdmin(admin.email);
  return admin;
}

test.describe('admin console', () => {
  test.skip(!process.env.E2E_MAILDEV_URL || !process.env.E2E_DATA_DIR, 'needs the real server with mail and its data directory');
  test.setTimeout(180_000);

  test('every tab renders under the tab bar, which marks the current one', async ({ page }, testInfo) => {
    await signInAsAdmin(page, testInfo);
    const tabs = [
      { name: '審査', path: '/admin', ready: page.getByRole('heading', { name: '投稿の審査' }) },
      { name: '店舗', path: '/admin/stores', ready: page.getByTestId('store-row').first() },
      { name: 'ユーザー', path: '/admin/users', ready: page.getByTestId('user-row').first() },
      { name: '報告', path: '/admin/reports', ready: page.getByTestId('list-total') },
      { name: '抽選', path: '/admin/lotteries', ready: page.getByRole('heading', { name: '抽選情報の確認' }) },
      { name: '商品', path: '/admin/products', ready: page.getByTestId('product-row').first() },
      { name: '履歴', path: '/admin/audit', ready: page.getByTestId('list-total') },
      { name: 'アナリティクス', path: '/admin/analytics', ready: page.getByRole('heading', { name: 'アナリティクス' }) },
    ];
    await page.goto(url('/admin'));
    for (const tab of tabs) {
      // Through the tab bar (the keyboard path: focus the link, Enter).
      const nav = page.getByRole('navigation', { name: '管理メニュー' });
      await nav.getByRole('link', { name: tab.name, exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(url(tab.path));
      await expect(nav.getByRole('link', { name: tab.name, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(tab.ready).toBeVisible({ timeout: 15_000 });
      // Nothing is wider than the screen (the tab row scrolls inside itself).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
      await shot(page, testInfo, `admin-tab-${tab.path.replace(/\//g, '-').slice(1)}`);
    }
    // A store's and a user's own page.
    await page.goto(url('/admin/stores'));
    await page.getByTestId('store-row').first().getByRole('link').first().click();
    await expect(page.getByRole('form', { name: '店舗情報の編集' })).toBeVisible();
    await expect(page.locator('.pka-pin')).toBeVisible({ timeout: 15_000 });
    await shot(page, testInfo, 'admin-store');
    await page.goto(url('/admin/users'));
    await page.getByTestId('user-row').first().getByRole('link').first().click();
    await expect(page.getByRole('group', { name: '操作' })).toBeVisible();
    await shot(page, testInfo, 'admin-user');
  });

  test("an admin moves a store's pin → the public map shows the store at the new place", async ({ page }, testInfo) => {
    await signInAsAdmin(page, testInfo);
    const spot = NEW_SPOT[isMobile(testInfo) ? 'mobile' : 'desktop'];
    // A demo store (Tokyo for one project, Osaka for the other).
    const around = isMobile(testInfo) ? { lat: 34.7025, lng: 135.4959 } : { lat: 35.6895, lng: 139.6917 };
    const near = await page.request.get(url(`/api/v1/stores?lat=${around.lat}&lng=${around.lng}&radius_km=3&limit=1`));
    const store = ((await near.json()) as { data: { id: number; name: string }[] }).data[0]!;

    await page.goto(url(`/admin/stores/${store.id}`));
    const form = page.getByRole('form', { name: '店舗情報の編集' });
    await expect(form.getByRole('textbox', { name: '店舗名' })).toHaveValue(store.name);
    // Dragging the pin moves it (the review form's draggable marker) …
    const lat = form.getByRole('textbox', { name: '緯度' });
    const before = await lat.inputValue();
    const pin = page.locator('.pka-pin');
    await expect(pin).toBeVisible({ timeout: 15_000 });
    await pin.scrollIntoViewIfNeeded(); // mouse coordinates are the viewport's
    const box = (await pin.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 - 60, { steps: 8 });
    await page.mouse.up();
    await expect(lat).not.toHaveValue(before);
    await expect(form.getByText('位置を変更しました（保存すると反映されます）')).toBeVisible();
    // … and the fields set it exactly (far away, where no other store is).
    await lat.fill(String(spot.lat));
    await form.getByRole('textbox', { name: '経度' }).fill(String(spot.lng));
    await form.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText('店舗情報を更新しました。');
    await expect(page.getByTestId('audit-entry').first()).toContainText('店舗を編集');
    await shot(page, testInfo, 'admin-store-moved');

    // The public map at the new place lists the store and draws its marker.
    await page.goto(url(`/map?lat=${spot.lat}&lng=${spot.lng}`));
    await expectMarkers(page);
    await expect(page.getByTestId('store-list').getByRole('button').filter({ hasText: store.name }).first()).toBeVisible({ timeout: 15_000 });
    // And the store's own link opens the map there, not at the old place.
    await page.goto(url(`/map?store=${store.id}`));
    await expect(page.getByTestId('store-sheet')).toContainText(store.name);
    await expect.poll(() => new URL(page.url()).searchParams.get('store')).toBe(String(store.id));
  });

  test("an admin blocks a user → the user's next call lands on /blocked", async ({ browser, page }, testInfo) => {
    const member = await signIn(page, testInfo, '-member', 'ブロック対象');

    const adminPage = await otherPage(browser, testInfo);
    await signInAsAdmin(adminPage, testInfo);
    await adminPage.goto(url('/admin/users'));
    await adminPage.getByRole('searchbox', { name: 'メールアドレスまたはニックネーム' }).fill(member.email);
    await adminPage.getByRole('button', { name: '検索', exact: true }).click();
    await expect(adminPage).toHaveURL(/\/admin\/users\?q=/);
    // The row is picked by its address: the unfiltered list shown before the search
    // answers holds the other project's member with the same nickname.
    await adminPage.getByTestId('user-row').filter({ hasText: member.email }).getByRole('link', { name: 'ブロック対象' }).click();
    await adminPage.getByRole('button', { name: 'ブロックする' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'ブロックする' });
    await dialog.getByRole('textbox', { name: /ブロックの理由/ }).fill('スパム投稿のため');
    await dialog.getByRole('checkbox', { name: /投稿・報告も非表示にする/ }).check();
    await shot(adminPage, testInfo, 'admin-block-dialog');
    await dialog.getByRole('button', { name: 'ブロックする' }).click();
    await expect(adminPage.getByTestId('admin-notice')).toContainText('ユーザーをブロックしました。');
    await expect(adminPage.getByText('ブロック中').first()).toBeVisible();
    await adminPage.context().close();

    // The member's next call (their profile page asks the server) lands on /blocked.
    await page.goto(url('/profile'));
    await expect(page).toHaveURL(/\/blocked$/, { timeout: 15_000 });
    // /blocked asks the server again: still blocked, so the public map stays out of reach.
    await page.goto(url('/map'));
    await expect(page).toHaveURL(/\/blocked$/);
    await expect(page.getByText('制限が続いているか確認しています')).toBeHidden({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/blocked$/);
    await shot(page, testInfo, 'blocked-still');

    // The admin lifts the block: the same browser is free at once, without clearing storage.
    const adminAgain = await otherPage(browser, testInfo);
    await signInAsAdmin(adminAgain, testInfo);
    await adminAgain.goto(url('/admin/users'));
    await adminAgain.getByRole('searchbox', { name: 'メールアドレスまたはニックネーム' }).fill(member.email);
    await adminAgain.getByRole('button', { name: '検索', exact: true }).click();
    await expect(adminAgain).toHaveURL(/\/admin\/users\?q=/);
    await adminAgain.getByTestId('user-row').filter({ hasText: member.email }).getByRole('link', { name: 'ブロック対象' }).click();
    await adminAgain.getByRole('button', { name: 'ブロックを解除' }).click();
    await adminAgain.getByRole('dialog', { name: 'ブロックを解除' }).getByRole('button', { name: 'ブロックを解除' }).click();
    await expect(adminAgain.getByText('ブロック中')).toHaveCount(0);
    await adminAgain.context().close();

    await page.goto(url('/map?prefecture=tokyo'));
    await expect(page).not.toHaveURL(/\/blocked/, { timeout: 15_000 });
    await expect(page.getByText('アクセスの制限は解除されています。')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('pokeca.blocked'))).toBeNull();
    await page.goto(url('/login'));
    await expect(page).toHaveURL(/\/login$/);
    await shot(page, testInfo, 'blocked-lifted-login');
  });
});
