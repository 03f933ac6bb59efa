import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAuth, authStore, initialAuthState } from '@/stores/auth-store';
import { signInForTest } from '@/testing/fixtures';
import { jsonResponse, renderWithProviders, sentBody, mockApi } from '@/testing/test-utils';
import { EMPTY_DRAFT, tripDraftStore } from '../hooks/use-trip-draft';
import type { TripStop } from '../types/trip';
import { TripBar } from './TripBar';

/** Four stores on a line east of (35, 139), 0.01° (≈ 911 m) apart, given out of order. */
const STOPS: TripStop[] = [3, 1, 4, 2].map((k) => ({
  id: k,
  name: `店舗${k}`,
  lat: 35,
  lng: 139 + k / 100,
  store_type: 'card_shop',
  address: '東京都',
  status: 'active',
}));

function apiStop(s: TripStop, leg: number) {
  return { store_id: s.id, name: s.name, lat: s.lat, lng: s.lng, status: s.status, address: s.address, store_type: s.store_type, leg_m: leg };
}

function ids() {
  return screen.getAllByTestId('route-stop').map((li) => li.textContent?.match(/店舗(\d)/)?.[1]);
}

beforeEach(() => {
  tripDraftStore.set({ ...EMPTY_DRAFT, stops: STOPS });
});
afterEach(() => {
  tripDraftStore.set(EMPTY_DRAFT);
  resetAuth();
  authStore.set(initialAuthState());
});

// userEvent is slow on a loaded machine: a generous per-test timeout.
describe('RouteBar', { timeout: 20_000 }, () => {
  it('shows nothing without stops', () => {
    tripDraftStore.set(EMPTY_DRAFT);
    renderWithProviders(<TripBar />);
    expect(screen.queryByTestId('route-bar')).toBeNull();
  });

  it('shows the stops in order, the straight-line total and a labelled walking estimate', () => {
    renderWithProviders(<TripBar />);
    expect(ids()).toEqual(['3', '1', '4', '2']);
    // 3→1→4→2: 2 + 3 + 2 steps of ≈ 911 m = 6.4 km; × 1.3 ÷ 4.8 km/h ≈ 104 min.
    expect(screen.getByTestId('route-total')).toHaveTextContent('6.4 km');
    expect(screen.getByTestId('route-estimate')).toHaveTextContent('目安: 徒歩で約1時間44分');
    expect(screen.getByText(/直線距離×1.3を徒歩の平均速度（時速4.8km）で割った大まかな目安です/)).toBeInTheDocument();
  });

  it('switches the estimate to car', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TripBar />);
    await user.click(screen.getByRole('radio', { name: '車' }));
    expect(screen.getByTestId('route-estimate')).toHaveTextContent('目安: 車で約25分');
    expect(screen.getByTestId('route-maps-link').getAttribute('href')).toContain('travelmode=driving');
  });

  it('reorders with the ▲▼ buttons and removes a stop', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TripBar />);
    await user.click(screen.getByRole('button', { name: '「店舗1」を1つ前へ' }));
    expect(ids()).toEqual(['1', '3', '4', '2']);
    await user.click(screen.getByRole('button', { name: '「店舗4」を1つ後ろへ' }));
    expect(ids()).toEqual(['1', '3', '2', '4']);
    expect(screen.getByRole('button', { name: '「店舗1」を1つ前へ' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '「店舗3」をルートから外す' }));
    expect(ids()).toEqual(['1', '2', '4']);
  });

  it('strikes through a closed stop and leaves it out of the Google Maps link', () => {
    tripDraftStore.set({ ...EMPTY_DRAFT, stops: STOPS.map((s) => (s.id === 4 ? { ...s, status: 'closed' } : s)) });
    renderWithProviders(<TripBar />);
    const closed = screen.getAllByTestId('route-stop')[2]!;
    expect(within(closed).getByText('店舗4').tagName).toBe('S');
    expect(within(closed).getByText('閉店')).toBeInTheDocument();
    const href = screen.getByTestId('route-maps-link').getAttribute('href')!;
    expect(href).not.toContain('139.04');
    expect(new URL(href).searchParams.get('origin')).toBe('35,139.03');
  });

  it('asks a guest to log in instead of optimising', () => {
    renderWithProviders(<TripBar />);
    expect(screen.queryByTestId('route-optimize')).toBeNull();
    expect(screen.getByText(/ルートの最適化と保存にはログインが必要です/)).toBeInTheDocument();
  });

  it('最適化 sends the stops to /routes/plan and shows them in the planned order', async () => {
    signInForTest();
    const fetchMock = mockApi({
      'POST /api/v1/routes/plan': (_url, init) => {
        const body = sentBody(init) as { store_ids: number[] };
        const byId = new Map(STOPS.map((s) => [s.id, s]));
        const ordered = [...body.store_ids].sort((a, b) => a - b).map((id) => apiStop(byId.get(id)!, 911));
        return jsonResponse({ success: true, route: { start: null, return_to_start: false, stops: ordered, total_m: 2733, return_leg_m: 0 } });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TripBar />);
    await user.click(screen.getByTestId('route-optimize'));
    await waitFor(() => expect(ids()).toEqual(['1', '2', '3', '4']));
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).includes('/routes/plan'))!;
    expect(sentBody(init)).toEqual({ start: null, store_ids: [3, 1, 4, 2], return_to_start: false });
    expect(screen.getByTestId('route-total')).toHaveTextContent('2.7 km');
  });

  it('saves with a name through POST /saved_routes', async () => {
    signInForTest();
    const fetchMock = mockApi({
      'POST /api/v1/saved_routes': () =>
        jsonResponse(
          {
            success: true,
            route: {
              id: 9,
              name: '日曜ルート',
              share: false,
              share_id: null,
              created_at: '2026-11-23T00:00:00Z',
              updated_at: '2026-11-23T00:00:00Z',
              start: null,
              return_to_start: false,
              stops: STOPS.map((s) => apiStop(s, 0)),
              total_m: 6375,
              return_leg_m: 0,
            },
          },
          { status: 201 },
        ),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TripBar />);
    await user.click(screen.getByTestId('route-save'));
    // A new trip is offered a name (its first stop, how many more, the day), not a blank box.
    const field = screen.getByLabelText('ルート名');
    expect((field as HTMLInputElement).value).toMatch(new RegExp(`^${STOPS[0]!.name}ほか${STOPS.length - 1}店舗（\\d+月\\d+日）$`));
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByRole('alert')).toHaveTextContent('ルート名を入力してください');
    await user.type(screen.getByLabelText('ルート名'), '日曜ルート');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(tripDraftStore.get().savedId).toBe(9));
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).includes('/saved_routes'))!;
    expect(sentBody(init)).toEqual({ name: '日曜ルート', start: null, store_ids: [3, 1, 4, 2], return_to_start: false });
  });
});
