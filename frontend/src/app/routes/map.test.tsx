import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Constants from '@/config/constants';
import { prefecturesFixture, signInForTest } from '@/testing/fixtures';
import { storeFixture, storeTypesAnswer } from '@/testing/store-fixtures';
import { jsonResponse, renderWithProviders, mockApi } from '@/testing/test-utils';
import MapRoute from './map';

// Only moves made for the route are fetched at once (see StoreMap.test.tsx).
vi.mock('@/config/constants', async (importOriginal) => ({
  ...(await importOriginal<typeof Constants>()),
  MAP_FETCH_DEBOUNCE_MS: 60_000,
}));

const sizeProps = ['clientWidth', 'clientHeight'] as const;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
});
afterAll(() => {
  for (const prop of sizeProps) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
});

const ok = (data: unknown) => jsonResponse({ success: true, data });

function stubMap({ favorites = [] as unknown[] } = {}) {
  const clusterBboxes: number[][] = [];
  mockApi({
    '/api/v1/config': () => ok({ tile_url: 'https://tiles.invalid/{z}/{x}/{y}.png', tile_attribution: 'test' }),
    '/api/v1/initial_data': () => jsonResponse(storeTypesAnswer),
    '/api/v1/prefectures': () => ok(prefecturesFixture),
    '/api/v1/stores/clusters': (url) => {
      clusterBboxes.push(url.searchParams.get('bbox')!.split(',').map(Number));
      return ok({ clusters: [], stores: [storeFixture] });
    },
    '/api/v1/stores/5': () =>
      ok({ ...storeFixture, status: 'active', photos: [], recent_reports: [], activity: { days: 30, by_weekday: [0, 0, 0, 0, 0, 0, 0], by_hour: [] } }),
    'GET /api/v1/favorites': () => jsonResponse({ success: true, favorites }),
  });
  return { clusterBboxes };
}

describe('/map and the store sheet', { timeout: 20_000 }, () => {
  it('/map?store={id} opens a guest on the store, with its sheet open', async () => {
    const { clusterBboxes } = stubMap();
    renderWithProviders(<MapRoute />, { route: '/map?store=5' });
    const sheet = await screen.findByTestId('store-sheet');
    expect(await within(sheet).findByRole('heading', { name: 'カードショップ池袋' })).toBeInTheDocument();
    // The map jumped to the store (street zoom, not all of Japan): the view fetched after the jump contains it.
    await waitFor(() => {
      const [minLng, minLat, maxLng, maxLat] = clusterBboxes.at(-1) ?? [];
      expect(maxLng! - minLng!).toBeLessThan(0.1);
      expect(minLng! < storeFixture.lng && storeFixture.lng < maxLng! && minLat! < storeFixture.lat && storeFixture.lat < maxLat!).toBe(true);
    });
    fireEvent.click(within(sheet).getByRole('button', { name: '店舗の詳細を閉じる' }));
    expect(screen.queryByTestId('store-sheet')).not.toBeInTheDocument();
    // Closing drops ?store= only (the map's own ?view= may be there: the view is kept in the URL).
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/map(\?view=[^&]*)?$/);
  });

  it('a marker opens the sheet (?store=) and the user’s favourites carry a ★', async () => {
    signInForTest();
    stubMap({ favorites: [{ store: { ...storeFixture, status: 'active' }, created_at: '2026-11-01T00:00:00Z' }] });
    const { container } = renderWithProviders(<MapRoute />, { route: '/map?lat=35.7295&lng=139.7109' });
    await waitFor(() => expect(container.querySelector('.pk-fav')).not.toBeNull());
    fireEvent.click(container.querySelector('.pk-marker-wrap')!);
    expect(await screen.findByTestId('store-sheet')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('store=5');
    expect(await screen.findByTestId('store-sheet-favorite')).toHaveAttribute('aria-pressed', 'true');
  });
});
