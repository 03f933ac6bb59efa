import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/Toaster';
import { resetAuth } from '@/stores/auth-store';
import { signInForTest } from '@/testing/fixtures';
import { jsonResponse, renderWithProviders, mockApi } from '@/testing/test-utils';
import { HomeHero } from './HomeHero';

function summary(storeCount: number) {
  return { '/api/v1/stats/summary': () => jsonResponse({ success: true, data: { store_count: storeCount } }) };
}

describe('HomeHero', () => {
  it('states the data total, rounded down', async () => {
    mockApi(summary(10_342));
    renderWithProviders(<HomeHero />);
    expect(await screen.findByText('データ総数 10,000件以上')).toBeInTheDocument();
  });

  it('現在地から探す: a guest gets a warning and goes to /login without asking for the location', async () => {
    mockApi(summary(12_000));
    const getCurrentPosition = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <HomeHero />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: /現在地から探す/ }));
    expect(screen.getByText('現在地から探すにはログインが必要です').closest('[data-type]')).toHaveAttribute('data-type', 'warning');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  it('現在地から探す: a signed-in user is located (10 s, high accuracy, no cache) and sent to /map?lat=&lng=', async () => {
    mockApi(summary(12_000));
    const getCurrentPosition = vi.fn((ok: PositionCallback, _err?: PositionErrorCallback, _options?: PositionOptions) => {
      setTimeout(() => ok({ coords: { latitude: 35.68, longitude: 139.76 } } as GeolocationPosition), 10);
    });
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    signInForTest({ prefecture: null });
    try {
      renderWithProviders(<HomeHero />);
      fireEvent.click(screen.getByRole('button', { name: /現在地から探す/ }));
      await waitFor(() => expect(screen.getByRole('button', { name: /現在地から探す/ })).toBeEnabled());
      expect(getCurrentPosition.mock.calls[0]![2]).toEqual({ timeout: 10000, enableHighAccuracy: true, maximumAge: 0 });
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/map?lat=35.68&lng=139.76'));
      await waitFor(() => expect(screen.getByRole('button', { name: /現在地から探す/ })).toBeEnabled());
    } finally {
      act(() => resetAuth());
    }
  });

  function failingGeolocation(code: number, message = '') {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, err?: PositionErrorCallback | null) => {
      setTimeout(() => err?.({ code, message } as GeolocationPositionError), 5);
    });
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  }

  async function searchAsSignedIn(prefecture: string | null) {
    mockApi(summary(12_000));
    signInForTest({ prefecture });
    renderWithProviders(
      <>
        <HomeHero />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: /現在地から探す/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /現在地から探す/ })).toBeEnabled());
  }

  it.each([
    [1, '', '位置情報の利用が許可されていません'],
    [2, '', 'システム設定 > プライバシーとセキュリティ > 位置情報サービス'],
    [3, '', '現在地の取得がタイムアウトしました'],
    [9, 'kaboom', '現在地の取得中にエラーが発生しました（コード: 9、kaboom）'],
  ])('geolocation error %i: SPEC message, then alternatives, then the profile prefecture', async (code, message, text) => {
    failingGeolocation(code, message);
    await searchAsSignedIn('大阪府');
    expect(screen.getByText(new RegExp(text.replace(/[()（）]/g, '.'))).closest('[data-type]')).toHaveAttribute('data-type', 'error');
    expect(screen.getByText('別の方法で現在地の取得を試みています...')).toBeInTheDocument();
    expect(screen.getByText('プロフィールの都道府県（大阪府）の店舗マップを表示します')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/map?prefecture=osaka'));
  });

  it('the server\'s IP lookup comes before the profile prefecture when it knows the address', async () => {
    failingGeolocation(2);
    let asked = 0;
    mockApi({
      ...summary(12_000),
      '/api/v1/geo/ip': () => {
        asked += 1;
        return jsonResponse({ success: true, location: { lat: 34.7, lng: 135.5, accuracy_km: 20 } });
      },
    });
    signInForTest({ prefecture: '東京都' });
    renderWithProviders(
      <>
        <HomeHero />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: /現在地から探す/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/map?lat=34.7&lng=135.5'));
    expect(asked).toBe(1);
    expect(screen.getByText('おおよその現在地（IPアドレスから推定）の店舗マップを表示します')).toBeInTheDocument();
    expect(screen.queryByText(/プロフィールの都道府県/)).not.toBeInTheDocument();
  });

  it('with no usable prefecture: すべての位置取得方法が失敗しました', async () => {
    failingGeolocation(1);
    await searchAsSignedIn(null);
    expect(screen.getByText('別の方法で現在地の取得を試みています...')).toBeInTheDocument();
    expect(screen.getByText('すべての位置取得方法が失敗しました').closest('[data-type]')).toHaveAttribute('data-type', 'error');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
