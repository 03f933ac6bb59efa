import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signInForTest } from '@/testing/fixtures';
import { storeFixture, storeTypesAnswer } from '@/testing/store-fixtures';
import { jsonResponse, renderWithProviders, mockApi } from '@/testing/test-utils';
import { FavoritesList } from './FavoritesList';

const fresh = new Date(Date.now() - 3 * 3_600_000).toISOString();
const favorites = [
  { store: { ...storeFixture, status: 'active', last_report_at: fresh, last_report_kind: 'bought' }, created_at: fresh },
  {
    store: { ...storeFixture, id: 9, name: '閉店したお店', lat: 35.0, lng: 135.0, status: 'closed' },
    created_at: '2026-01-01T00:00:00Z',
  },
];

describe('/favorites お気に入り店舗', { timeout: 20_000 }, () => {
  it('lists each favourite with freshness and 地図で見る; a removed store shows as 閉店・非表示', async () => {
    signInForTest();
    mockApi({
      '/api/v1/initial_data': () => jsonResponse(storeTypesAnswer),
      'GET /api/v1/favorites': () => jsonResponse({ success: true, favorites }),
    });
    renderWithProviders(<FavoritesList />, { route: '/favorites' });
    expect(screen.getByRole('status')).toHaveTextContent('読み込み中...');
    const rows = await screen.findAllByTestId('favorite-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByText('2件')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('カードショップ池袋');
    expect(rows[0]).toHaveTextContent('最終報告: 3時間前（購入できた）');
    expect(within(rows[0]!).getByRole('link', { name: '地図で見る' })).toHaveAttribute('href', '/map?store=5');
    expect(rows[1]).toHaveTextContent('閉店・非表示');
    expect(within(rows[1]!).queryByRole('link', { name: '地図で見る' })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: '閉店したお店をお気に入りから外す' })).toBeInTheDocument();
  });

  it('shows the distance once the position is known', async () => {
    signInForTest();
    mockApi({
      '/api/v1/initial_data': () => jsonResponse(storeTypesAnswer),
      'GET /api/v1/favorites': () => jsonResponse({ success: true, favorites }),
    });
    const geo = {
      getCurrentPosition: vi.fn((ok: PositionCallback) =>
        ok({ coords: { latitude: 35.7295, longitude: 139.7209 } } as GeolocationPosition),
      ),
    };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { geolocation: geo, permissions: undefined }));
    const user = userEvent.setup();
    renderWithProviders(<FavoritesList />, { route: '/favorites' });
    await user.click(await screen.findByRole('button', { name: /現在地からの距離を表示/ }));
    const rows = screen.getAllByTestId('favorite-row');
    // 0.01° of longitude at 35.7° N is about 900 m.
    expect(rows[0]).toHaveTextContent('現在地から900m');
    expect(rows[1]).not.toHaveTextContent('現在地から');
  });

  it('removes a favourite', async () => {
    signInForTest();
    let list = favorites;
    const fetchMock = mockApi({
      '/api/v1/initial_data': () => jsonResponse(storeTypesAnswer),
      'GET /api/v1/favorites': () => jsonResponse({ success: true, favorites: list }),
      'DELETE /api/v1/favorites/9': () => {
        list = favorites.slice(0, 1);
        return jsonResponse({ success: true });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<FavoritesList />, { route: '/favorites' });
    await user.click(await screen.findByRole('button', { name: '閉店したお店をお気に入りから外す' }));
    await waitFor(() => expect(screen.getAllByTestId('favorite-row')).toHaveLength(1));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('has an empty state with a way to the map', async () => {
    signInForTest();
    mockApi({ 'GET /api/v1/favorites': () => jsonResponse({ success: true, favorites: [] }) });
    renderWithProviders(<FavoritesList />, { route: '/favorites' });
    const empty = await screen.findByTestId('favorites-empty');
    expect(empty).toHaveTextContent('まだお気に入りの店舗はありません');
    expect(within(empty).getByRole('link', { name: '地図で店舗を探す' })).toHaveAttribute('href', '/map');
  });

  it('has an error state with 再試行', async () => {
    signInForTest();
    let fail = true;
    mockApi({
      'GET /api/v1/favorites': () =>
        fail
          ? jsonResponse({ success: false, error: '混み合っています', code: 'unavailable' }, { status: 503 })
          : jsonResponse({ success: true, favorites: [] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<FavoritesList />, { route: '/favorites' });
    expect(await screen.findByRole('alert')).toHaveTextContent('お気に入り店舗を読み込めませんでした');
    fail = false;
    await user.click(screen.getByRole('button', { name: '再試行' }));
    expect(await screen.findByTestId('favorites-empty')).toBeInTheDocument();
  });
});
