import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, type JsonBodyType } from 'msw';
import { useLocation, useNavigate } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearToasts, toastStore } from '@/stores/toast-store';
import type * as Constants from '@/config/constants';
import { prefecturesFixture } from '@/testing/fixtures';
import { api, ok } from '@/testing/handlers';
import { server } from '@/testing/server';
import { renderWithProviders } from '@/testing/test-utils';
import { StoreMap } from './StoreMap';

// Only a move made for the route may be fetched within a test: a debounced one would wait a minute.
vi.mock('@/config/constants', async (importOriginal) => ({
  ...(await importOriginal<typeof Constants>()),
  MAP_FETCH_DEBOUNCE_MS: 60_000,
}));

// jsdom lays nothing out: give the map container a size so its bounds are real.
const sizeProps = ['clientWidth', 'clientHeight'] as const;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});
afterAll(() => {
  for (const prop of sizeProps) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
});

const nearbyStore = (id: number, lat: number, lng: number) => ({
  id,
  name: `店舗${id}`,
  store_type: 'card_shop',
  prefecture: 'tokyo',
  lat,
  lng,
});

/** The map's endpoints on the fake server; /prefectures answers only when released. */
function stubMapApi({ nearby = [] as JsonBodyType[], truncated = false } = {}) {
  let releasePrefectures: () => void = () => {};
  const prefecturesArrived = new Promise<void>((resolve) => (releasePrefectures = resolve));
  const clusterRequests: Array<{ zoom: number; bbox: number[]; prefecturesArrived: boolean; params: URLSearchParams }> = [];
  let arrived = false;
  server.use(
    http.get(api('/prefectures'), async () => {
      await prefecturesArrived;
      arrived = true;
      return ok(prefecturesFixture);
    }),
    http.get(api('/stores'), () => ok(nearby, { truncated })),
    http.get(api('/stores/clusters'), ({ request }) => {
      const url = new URL(request.url);
      clusterRequests.push({
        zoom: Number(url.searchParams.get('zoom')),
        bbox: url.searchParams.get('bbox')!.split(',').map(Number),
        prefecturesArrived: arrived,
        params: url.searchParams,
      });
      return ok({ clusters: [], stores: [] });
    }),
  );
  return { clusterRequests, releasePrefectures };
}

const contains = ([minLng, minLat, maxLng, maxLat]: number[], lat: number, lng: number) =>
  minLng! <= lng && lng <= maxLng! && minLat! <= lat && lat <= maxLat!;

describe('StoreMap first view', () => {
  it('fetches the prefecture view at once and never all of Japan for /map?prefecture=', async () => {
    const { clusterRequests, releasePrefectures } = stubMapApi();
    renderWithProviders(<StoreMap />, { route: '/map?prefecture=tokyo' });

    await waitFor(() => expect(clusterRequests.length).toBeGreaterThan(0));
    // Tokyo opens at zoom 10; the clusters are asked one level coarser (128 px cells on screen).
    expect(clusterRequests[0]).toMatchObject({ zoom: 9, prefecturesArrived: false });
    expect(contains(clusterRequests[0]!.bbox, 35.69, 139.64)).toBe(true);

    releasePrefectures();
    expect(await screen.findByRole('heading', { name: '東京都の店舗マップ' })).toBeInTheDocument();
    expect(clusterRequests.map((r) => r.zoom)).toEqual([9]);
  });

  it('fetches the fit around ?lat=&lng= and its nearest stores without the debounce', async () => {
    const { clusterRequests } = stubMapApi({
      nearby: [nearbyStore(1, 35.7, 139.8), nearbyStore(2, 35.66, 139.7)],
    });
    renderWithProviders(<StoreMap />, { route: '/map?lat=35.68&lng=139.76' });

    await waitFor(() => expect(clusterRequests.length).toBeGreaterThan(1));
    expect(clusterRequests[0]!.zoom).toBe(13);
    const fitted = clusterRequests[1]!;
    expect(contains(fitted.bbox, 35.7, 139.8)).toBe(true);
    expect(contains(fitted.bbox, 35.66, 139.7)).toBe(true);
  });

  it('moves to another prefecture named by the URL at once, before /prefectures has answered', async () => {
    const { clusterRequests } = stubMapApi();
    function GoToOsaka() {
      const navigate = useNavigate();
      return <button onClick={() => void navigate('/map?prefecture=osaka')}>大阪へ</button>;
    }
    renderWithProviders(
      <>
        <StoreMap />
        <GoToOsaka />
      </>,
      { route: '/map?prefecture=tokyo' },
    );
    await waitFor(() => expect(clusterRequests.length).toBe(1));

    fireEvent.click(screen.getByRole('button', { name: '大阪へ' }));
    await waitFor(() => expect(clusterRequests.length).toBe(2));
    expect(clusterRequests[1]).toMatchObject({ zoom: 9, prefecturesArrived: false });
    expect(contains(clusterRequests[1]!.bbox, 34.62, 135.51)).toBe(true);
  });

  it('still starts at all of Japan for an unknown prefecture', async () => {
    const { clusterRequests } = stubMapApi();
    renderWithProviders(<StoreMap />, { route: '/map?prefecture=atlantis' });

    await waitFor(() => expect(clusterRequests.length).toBeGreaterThan(0));
    expect(clusterRequests[0]!.zoom).toBe(4);
  });

  it('takes the filters and the view from the URL (reload, back and shared links keep them)', async () => {
    const { clusterRequests } = stubMapApi();
    renderWithProviders(<StoreMap />, { route: '/map?prefecture=tokyo&recent=1&product=boxes&type=toy,card_shop&view=34.7,135.5,12' });

    await waitFor(() => expect(clusterRequests.length).toBeGreaterThan(0));
    const first = clusterRequests[0]!;
    expect(first.zoom).toBe(11);
    expect(contains(first.bbox, 34.7, 135.5)).toBe(true); // the URL's view, not Tokyo's
    expect(first.params.get('reported_within_hours')).toBe('24');
    expect(first.params.get('product')).toBe('boxes');
    expect(first.params.get('type')).toBe('card_shop,toy');
    expect(screen.getByRole('checkbox', { name: /24時間以内に報告あり/ })).toBeChecked();
  });

  it('writes a changed filter into the URL', async () => {
    const { clusterRequests } = stubMapApi();
    let search = '';
    function Location() {
      search = useLocation().search;
      return null;
    }
    renderWithProviders(
      <>
        <StoreMap />
        <Location />
      </>,
      { route: '/map?prefecture=tokyo' },
    );
    await waitFor(() => expect(clusterRequests.length).toBe(1));
    fireEvent.click(screen.getByRole('checkbox', { name: /24時間以内に報告あり/ }));
    await waitFor(() => expect(search).toBe('?prefecture=tokyo&recent=1'));
    await waitFor(() => expect(clusterRequests.at(-1)!.params.get('reported_within_hours')).toBe('24'));
  });
});

describe('StoreMap lottery filter', () => {
  it('asks for the stores with an open lottery, tags their markers and rows, and keeps the choice in the URL', async () => {
    const { clusterRequests } = stubMapApi();
    const lotteryRequests: string[] = [];
    server.use(
      http.get(api('/stores/clusters'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        lotteryRequests.push(params.get('lottery') ?? '');
        return ok({ clusters: [], stores: params.get('lottery') ? [nearbyStore(7, 35.69, 139.7)] : [] });
      }),
    );
    let search = '';
    function Location() {
      search = useLocation().search;
      return null;
    }
    renderWithProviders(
      <>
        <StoreMap />
        <Location />
      </>,
      { route: '/map?prefecture=tokyo&lottery=closing' },
    );
    await waitFor(() => expect(lotteryRequests[0]).toBe('closing'));
    expect(clusterRequests).toHaveLength(0); // answered by the lottery stub
    expect(screen.getByRole('checkbox', { name: 'まもなく締切' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '抽選受付中' })).not.toBeChecked();
    await waitFor(() => expect(document.querySelector('.pk-lottery')).toHaveTextContent('締切間近'));
    expect(within(screen.getByTestId('store-list')).getByText('抽選まもなく締切')).toBeInTheDocument();

    // One lottery chip at a time: 抽選受付中 replaces まもなく締切.
    fireEvent.click(screen.getByRole('checkbox', { name: '抽選受付中' }));
    await waitFor(() => expect(search).toBe('?prefecture=tokyo&lottery=open'));
    await waitFor(() => expect(lotteryRequests.at(-1)).toBe('open'));
    await waitFor(() => expect(document.querySelector('.pk-lottery')).toHaveTextContent('抽選'));
    expect(document.querySelector('.pk-lottery-closing')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'まもなく締切' })).not.toBeChecked();

    // Off: no parameter, no tag.
    fireEvent.click(screen.getByRole('checkbox', { name: '抽選受付中' }));
    await waitFor(() => expect(search).toBe('?prefecture=tokyo'));
    await waitFor(() => expect(lotteryRequests.at(-1)).toBe(''));
    await waitFor(() => expect(document.querySelector('.pk-lottery')).toBeNull());
  });
});

describe('StoreMap list notice', () => {
  it('says the nearby list is cut when /stores answers truncated (only the nearest are listed)', async () => {
    stubMapApi({ nearby: [nearbyStore(1, 35.7, 139.8), nearbyStore(2, 35.66, 139.7)], truncated: true });
    renderWithProviders(<StoreMap />, { route: '/map?lat=35.68&lng=139.76' });

    const list = await screen.findByTestId('store-list');
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    expect(screen.getByText('近くの店舗が多いため、近い順に2件を表示しています。')).toBeInTheDocument();
  });

  it('says nothing when the nearby list is complete', async () => {
    stubMapApi({ nearby: [nearbyStore(1, 35.7, 139.8)], truncated: false });
    renderWithProviders(<StoreMap />, { route: '/map?lat=35.68&lng=139.76' });

    await screen.findByTestId('store-list');
    expect(screen.queryByText(/近い順に/)).not.toBeInTheDocument();
  });
});

describe('StoreMap 24時間以内に報告あり', () => {
  it('draws and lists only the stores whose latest report is a recent 購入できた, not a recent 売り切れ', async () => {
    const { clusterRequests } = stubMapApi();
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    server.use(
      http.get(api('/stores/clusters'), ({ request }) => {
        const url = new URL(request.url);
        clusterRequests.push({ zoom: Number(url.searchParams.get('zoom')), bbox: url.searchParams.get('bbox')!.split(',').map(Number), prefecturesArrived: true, params: url.searchParams });
        return ok({
          clusters: [],
          stores: [
            { ...nearbyStore(1, 35.69, 139.7), name: '買えた店', last_report_at: hourAgo, last_report_kind: 'bought' },
            { ...nearbyStore(2, 35.6, 139.6), name: '売り切れの店', last_report_at: hourAgo, last_report_kind: 'sold_out' },
          ],
        });
      }),
    );
    const { container } = renderWithProviders(<StoreMap />, { route: '/map?view=35.65,139.65,15&recent=1' });
    const list = await screen.findByTestId('store-list');
    expect(clusterRequests[0]!.params.get('reported_within_hours')).toBe('24');
    expect(within(list).getByText('買えた店')).toBeInTheDocument();
    expect(within(list).queryByText('売り切れの店')).not.toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.leaflet-marker-icon[title="買えた店"]')).not.toBeNull());
    expect(container.querySelector('.leaflet-marker-icon[title="売り切れの店"]')).toBeNull();
  });
});

describe('StoreMap ?lat=&lng= it cannot show', () => {
  afterEach(() => clearToasts());
  for (const [query, message] of [
    ['lat=abc&lng=139', 'URLの位置（lat・lng）が正しくないため、日本全体を表示しています'],
    ['lat=0&lng=0', '指定された位置は地図の範囲（日本）の外のため、日本全体を表示しています'],
  ] as const) {
    it(`says so in Japanese and shows all of Japan (${query})`, async () => {
      const { clusterRequests } = stubMapApi();
      renderWithProviders(<StoreMap />, { route: `/map?${query}` });
      await waitFor(() => expect(clusterRequests.length).toBeGreaterThan(0));
      expect(clusterRequests[0]!.zoom).toBe(4);
      await waitFor(() => expect(toastStore.get().map((toast) => toast.text)).toEqual([message]));
    });
  }
});
