import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInForTest } from '@/testing/fixtures';
import { jsonResponse, mockApi, renderWithProviders, sentAuthorization, sentBody } from '@/testing/test-utils';
import { mapCentreStore } from '../lib/map-centre';
import { nearestPrefecture, watchInputOf } from '../lib/watch-form';
import { WatchDialog } from './WatchDialog';
import { WatchList } from './WatchList';
import { WatchOffPanel } from './WatchOffPanel';

const watch = (over: Record<string, unknown> = {}) => ({
  id: 7,
  prefecture: null,
  lat: 35.6812,
  lng: 139.7671,
  radius_km: 5,
  product_kinds: [],
  product_id: null,
  events: ['bought', 'lottery'],
  active: true,
  created_at: '2026-11-23T12:00:00+09:00',
  ...over,
});

describe('watch form', () => {
  it('sends the map centre with the radius, or the prefecture, and nothing without an event', () => {
    const centre = { lat: 35.681234567, lng: 139.767123456 };
    const base = { area: 'point' as const, radiusKm: 3, prefecture: 'tokyo', events: ['bought'], productKinds: ['box'] };
    expect(watchInputOf(base, centre)).toEqual({
      lat: 35.68123,
      lng: 139.76712,
      radius_km: 3,
      events: ['bought'],
      product_kinds: ['box'],
    });
    expect(watchInputOf(base, null)).toBeNull();
    expect(watchInputOf({ ...base, area: 'prefecture' }, null)).toEqual({
      prefecture: 'tokyo',
      events: ['bought'],
      product_kinds: ['box'],
    });
    expect(watchInputOf({ ...base, events: [] }, centre)).toBeNull();
    expect(nearestPrefecture({ lat: 34.69, lng: 135.5 })).toBe('osaka');
    expect(nearestPrefecture({ lat: 43.06, lng: 141.35 })).toBe('hokkaido');
  });
});

describe('このエリアを通知', () => {
  it('creates a watch around the map centre with the chosen radius', async () => {
    signInForTest();
    mapCentreStore.set({ lat: 35.6812, lng: 139.7671 });
    const fetchMock = mockApi({
      'POST /api/v1/watches': () => jsonResponse({ success: true, watch: watch({ radius_km: 10 }) }, { status: 201 }),
    });
    let closed = false;
    renderWithProviders(<WatchDialog onClose={() => (closed = true)} />);
    expect(screen.getByTestId('watch-centre')).toHaveTextContent('35.6812, 139.7671');
    fireEvent.click(screen.getByTestId('watch-radius-10'));
    fireEvent.click(screen.getByTestId('watch-submit'));
    await waitFor(() => expect(closed).toBe(true));
    const post = fetchMock.mock.calls.find((c) => String(c[0]).includes('/watches'));
    expect(sentBody(post?.[1])).toEqual({
      lat: 35.6812,
      lng: 139.7671,
      radius_km: 10,
      events: ['bought', 'lottery'],
      product_kinds: [],
    });
  });

  it('says where to delete one when the five are used', async () => {
    signInForTest();
    mapCentreStore.set({ lat: 35.6812, lng: 139.7671 });
    mockApi({
      'POST /api/v1/watches': () =>
        jsonResponse({ success: false, error: '通知エリアは5件まで', code: 'watches_limit' }, { status: 409 }),
    });
    renderWithProviders(<WatchDialog onClose={() => undefined} />);
    fireEvent.click(screen.getByTestId('watch-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('5件まで');
    expect(screen.getByRole('link', { name: '通知エリアの一覧へ' })).toHaveAttribute('href', '/profile');
  });
});

describe('the profile list', () => {
  it('lists the watches with their area and turns one off', async () => {
    signInForTest();
    const fetchMock = mockApi({
      '/api/v1/watches': () =>
        jsonResponse({
          success: true,
          watches: [watch(), watch({ id: 8, prefecture: 'osaka', lat: null, lng: null, radius_km: null })],
          quiet_hours: { start_hour: 23, end_hour: 7 },
          max_watches: 5,
        }),
      'PUT /api/v1/watches/7': () => jsonResponse({ success: true, watch: watch({ active: false }) }),
    });
    renderWithProviders(<WatchList />);
    const items = await screen.findAllByTestId('watch-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('半径5km');
    expect(items[1]).toHaveTextContent('大阪府全体');
    expect(screen.getByText('2 / 5件')).toBeInTheDocument();
    fireEvent.click(screen.getAllByTestId('watch-active')[0]!);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some((c) => String(c[0]).endsWith('/watches/7') && c[1]?.method === 'PUT')).toBe(true),
    );
    const put = fetchMock.mock.calls.find((c) => String(c[0]).endsWith('/watches/7'));
    expect(sentBody(put?.[1])).toMatchObject({ lat: 35.6812, radius_km: 5, active: false });
  });

  it('names a watch’s catalogue product, not its number', async () => {
    signInForTest();
    mockApi({
      '/api/v1/watches': () =>
        jsonResponse({
          success: true,
          watches: [watch({ product_id: 3 })],
          quiet_hours: { start_hour: 23, end_hour: 7 },
          max_watches: 5,
        }),
      '/api/v1/products': () =>
        jsonResponse({
          success: true,
          products: [
            { id: 4, name: '拡張パック 別の商品', kind: 'pack', release_date: '2026-12-05' },
            { id: 3, name: '拡張パック テラスタルフェス', kind: 'pack', release_date: '2026-11-20' },
          ],
        }),
    });
    renderWithProviders(<WatchList />);
    const [item] = await screen.findAllByTestId('watch-item');
    await waitFor(() => expect(item).toHaveTextContent('拡張パック テラスタルフェス'));
    expect(item).not.toHaveTextContent('#3');
    expect(item).not.toHaveTextContent('別の商品');
  });
});

describe('/alerts/watch-off', () => {
  it('POSTs the token once, without a login, and shows the server’s message', async () => {
    const fetchMock = mockApi({
      'POST /api/v1/watches/off': (url) =>
        url.searchParams.get('token') === 'tok.en'
          ? jsonResponse({ success: true, message: 'エリアの通知を停止しました。' })
          : jsonResponse({ success: false, error: 'x', code: 'bad_request' }, { status: 400 }),
    });
    renderWithProviders(<WatchOffPanel />, { route: '/alerts/watch-off?token=tok.en' });
    expect(await screen.findByText('エリアの通知を停止しました。')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentAuthorization(fetchMock.mock.calls[0]![1])).toBeUndefined();
  });
});
