import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/Toaster';
import { signInForTest } from '@/testing/fixtures';
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/testing/test-utils';
import { NotificationSettings } from './NotificationSettings';

const device = {
  id: 3,
  label: 'スマートフォン',
  service: 'fcm.googleapis.com',
  created_at: '2026-11-28T09:00:00Z',
  last_used_at: null,
};

// jsdom has no Push API: a stand-in for the browser's, recording when permission is asked.
function fakePushBrowser(permission: NotificationPermission = 'granted') {
  const requestPermission = vi.fn(async () => permission);
  const subscribe = vi.fn(async () => ({
    toJSON: () => ({ endpoint: 'https://push.example.net/abc', keys: { p256dh: 'BPk', auth: 'au' } }),
  }));
  vi.stubGlobal('Notification', { requestPermission, permission: 'default' });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => ({}),
      register: vi.fn(),
      ready: Promise.resolve({ pushManager: { subscribe, getSubscription: async () => null } }),
    },
  });
  return { requestPermission, subscribe };
}

function render() {
  return renderWithProviders(
    <>
      <NotificationSettings />
      <Toaster />
    </>,
    { route: '/profile' },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('通知設定', () => {
  it('asks for the permission only after the tap, then stores the subscription and lists the device', async () => {
    signInForTest();
    const browser = fakePushBrowser();
    let devices: (typeof device)[] = [];
    const calls = mockApi({
      'GET /api/v1/push/subscriptions': () => jsonResponse({ success: true, subscriptions: devices }),
      'GET /api/v1/push/settings': () => jsonResponse({ success: true, settings: { push: true, mail: true } }),
      'GET /api/v1/push/public_key': () => jsonResponse({ success: true, public_key: 'BAAA' }),
      'POST /api/v1/push/subscriptions': () => {
        devices = [device];
        return jsonResponse({ success: true, subscription: device }, { status: 201 });
      },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('まだ端末がありません。')).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'この端末で通知を受け取る' }));
    expect(await screen.findByText('この端末で通知を受け取れるようになりました')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    const post = calls.mock.calls.find((c) => c[0] === '/api/v1/push/subscriptions' && c[1]?.method === 'POST')!;
    expect(sentBody(post[1])).toEqual({
      endpoint: 'https://push.example.net/abc',
      keys: { p256dh: 'BPk', auth: 'au' },
      label: expect.any(String),
    });
    const list = await screen.findByTestId('push-devices');
    expect(within(list).getByText('スマートフォン')).toBeInTheDocument();
  });

  it('a denied permission stores nothing and says how to allow it', async () => {
    signInForTest();
    const browser = fakePushBrowser('denied');
    const calls = mockApi({
      'GET /api/v1/push/subscriptions': () => jsonResponse({ success: true, subscriptions: [] }),
      'GET /api/v1/push/settings': () => jsonResponse({ success: true, settings: { push: true, mail: true } }),
      'GET /api/v1/push/public_key': () => jsonResponse({ success: true, public_key: 'BAAA' }),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'この端末で通知を受け取る' }));
    expect(await screen.findByText(/通知がブロックされています/)).toBeInTheDocument();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls.mock.calls.some((c) => c[1]?.method === 'POST')).toBe(false);
  });

  it('tests and removes a device, and switches a channel off', async () => {
    signInForTest();
    fakePushBrowser();
    let devices = [device];
    const calls = mockApi({
      'GET /api/v1/push/subscriptions': () => jsonResponse({ success: true, subscriptions: devices }),
      'GET /api/v1/push/settings': () => jsonResponse({ success: true, settings: { push: true, mail: true } }),
      'POST /api/v1/push/subscriptions/3/test': () => jsonResponse({ success: true }, { status: 202 }),
      'DELETE /api/v1/push/subscriptions/3': () => {
        devices = [];
        return jsonResponse({ success: true });
      },
      'PUT /api/v1/push/settings': () => jsonResponse({ success: true, settings: { push: true, mail: false } }),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'スマートフォンにテスト通知' }));
    expect(await screen.findByText('テスト通知を送りました。数秒で届きます')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'メール' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'メール' })).not.toBeChecked());
    const put = calls.mock.calls.find((c) => c[1]?.method === 'PUT')!;
    expect(sentBody(put[1])).toEqual({ mail: false });

    await user.click(screen.getByRole('button', { name: 'スマートフォンを削除' }));
    expect(await screen.findByText('まだ端末がありません。')).toBeInTheDocument();
  });

  it('a browser without the Push API is told so instead of a button', async () => {
    signInForTest();
    mockApi({
      'GET /api/v1/push/subscriptions': () => jsonResponse({ success: true, subscriptions: [] }),
      'GET /api/v1/push/settings': () => jsonResponse({ success: true, settings: { push: true, mail: true } }),
    });
    render();
    expect(await screen.findByText(/このブラウザは通知に対応していません/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'この端末で通知を受け取る' })).toBeNull();
  });
});
