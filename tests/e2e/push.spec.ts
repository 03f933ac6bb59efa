import { expect, test } from '@playwright/test';
import { signIn } from './accounts';
import { shot, url } from './helpers';
import { startPushStandIn, type PushStandIn } from './push-service';

/**
 * 通知設定 (Web Push) in the browser, against the real server and its real sender.
 *
 * What is stubbed, and why: headless Chromium has no push service, so
 * PushManager.prototype.subscribe is replaced (an init script) by one that returns a
 * subscription to the test's push-service stand-in (push-service.ts) with real P-256 and
 * auth keys. Notification.requestPermission is wrapped only to count its calls (the real
 * one answers, with the permission the context granted). Everything after the browser
 * hands over its subscription is real: the server stores it, its push thread encrypts and
 * signs, and the stand-in decrypts with the subscription's private key.
 */

let service: PushStandIn;

test.beforeEach(async ({ page, context }) => {
  service = await startPushStandIn();
  await context.grantPermissions(['notifications'], { origin: url('/') });
  await page.addInitScript((sub) => {
    const w = window as unknown as { __permissionAsks: number };
    w.__permissionAsks = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      w.__permissionAsks += 1;
      return ask(...args);
    };
    PushManager.prototype.subscribe = async () =>
      ({ endpoint: sub.endpoint, toJSON: () => ({ endpoint: sub.endpoint, keys: sub.keys }) }) as unknown as PushSubscription;
  }, { endpoint: service.endpoint, keys: service.keys });
});

test.afterEach(async () => {
  await service.close();
});

const permissionAsks = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __permissionAsks: number }).__permissionAsks);

test('通知設定: permission only after the tap, the device stored and listed, a test push decrypted, removal', async ({
  page,
}, testInfo) => {
  await signIn(page, testInfo, 'push', 'プッシュ');
  await page.goto(url('/profile'));
  const settings = page.locator('#notifications');
  await expect(settings.getByRole('heading', { name: '通知設定' })).toBeVisible();
  await expect(settings.getByText('まだ端末がありません。')).toBeVisible();
  expect(await permissionAsks(page)).toBe(0);
  await shot(page, testInfo, 'notifications-empty');

  await settings.getByRole('button', { name: 'この端末で通知を受け取る' }).click();
  await expect(page.getByText('この端末で通知を受け取れるようになりました')).toBeVisible();
  expect(await permissionAsks(page)).toBe(1);
  const devices = settings.getByTestId('push-device');
  await expect(devices).toHaveCount(1);

  // A test notification goes through the queue, the sender and the stand-in.
  await devices.first().getByRole('button', { name: /テスト通知$/ }).click();
  await expect.poll(() => service.received.length, { timeout: 15_000 }).toBe(1);
  const push = service.received[0];
  expect(push.payload).toEqual({
    title: 'ポケカ販売店マップ',
    body: 'テスト通知です。この端末で通知を受け取れます。',
    url: '/profile#notifications',
    tag: expect.stringMatching(/^push_test:/),
  });
  expect(push.headers['content-encoding']).toBe('aes128gcm');
  expect(push.headers.ttl).toMatch(/^\d+$/);
  expect(String(push.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
  await page.reload();
  await expect(settings.getByText(/最終通知/)).toBeVisible();
  await shot(page, testInfo, 'notifications-device');

  // Removal from the list.
  await settings.getByRole('button', { name: /を削除$/ }).click();
  await expect(page.getByText('端末を削除しました')).toBeVisible();
  await expect(settings.getByText('まだ端末がありません。')).toBeVisible();
});

test('通知設定: a push service that answers 410 removes the subscription', async ({ page }, testInfo) => {
  await signIn(page, testInfo, 'push410', 'プッシュ');
  await page.goto(url('/profile'));
  const settings = page.locator('#notifications');
  await settings.getByRole('button', { name: 'この端末で通知を受け取る' }).click();
  await expect(settings.getByTestId('push-device')).toHaveCount(1);
  service.answerWith(410);
  await settings.getByRole('button', { name: /テスト通知$/ }).click();
  await expect.poll(() => service.received.length, { timeout: 15_000 }).toBe(1);
  // The push thread drops the device on the 410; the page shows it once reloaded.
  const empty = settings.getByText('まだ端末がありません。');
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(settings.getByTestId('push-devices').or(empty)).toBeVisible();
        return empty.isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
});
