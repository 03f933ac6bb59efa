import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STORAGE_BLOCKED_KEY, STORAGE_RATE_LIMIT_UNTIL_KEY } from '@/config/constants';
import { jsonResponse, LocationDisplay, stubFetch } from '@/testing/test-utils';
import { AppRoutes } from '../router';

function renderApp(route: string) {
  stubFetch({
    '/api/v1/config': () =>
      jsonResponse({
        success: true,
        data: {
          tile_url: 'x',
          tile_attribution: 'x',
          tile_max_zoom: 18,
          contact_url: 'https://example.com/contact',
          analytics_id: null,
          demo_data: true,
        },
      }),
    '/api/v1/stats/summary': () => jsonResponse({ success: true, data: { store_count: 10 } }),
    '/api/v1/prefectures': () => jsonResponse({ success: true, data: { regions: [], prefectures: [] } }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <LocationDisplay />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('app shell and route guard', () => {
  it('renders the not-found page for an unknown path, with a link home', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ホームに戻る' })).toHaveAttribute('href', '/');
  });

  it('shows the header, footer, contact link and demo notice', async () => {
    renderApp('/privacy-policy');
    expect(screen.getByRole('link', { name: 'ポケカ販売店マップ' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/login');
    expect(await screen.findByRole('link', { name: 'お問い合わせ' })).toHaveAttribute('href', 'https://example.com/contact');
    expect(screen.getByText(/非公式のファンサイト/)).toBeInTheDocument();
    expect(screen.getByText('© 2025 ポケカ販売店マップ')).toBeInTheDocument();
    expect(await screen.findByText('デモデータ')).toBeInTheDocument();
  });

  it("sends every navigation to /blocked when the blocked flag is 'true'", async () => {
    localStorage.setItem(STORAGE_BLOCKED_KEY, 'true');
    renderApp('/map?prefecture=tokyo');
    expect(await screen.findByRole('heading', { name: 'アクセスが制限されています' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/blocked');
  });

  it('sends navigation to /rate-limited while the limit lasts, with a countdown', async () => {
    localStorage.setItem(STORAGE_RATE_LIMIT_UNTIL_KEY, String(Date.now() + 30_000));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'アクセスが集中しています' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/あと (29|30) 秒で再開できます/);
  });

  it('lets navigation through and removes the timestamp once the limit has expired', async () => {
    localStorage.setItem(STORAGE_RATE_LIMIT_UNTIL_KEY, String(Date.now() - 1));
    renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { name: 'プライバシーポリシー' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_RATE_LIMIT_UNTIL_KEY)).toBeNull();
  });

  it('hides the header and footer on /guide pages', () => {
    renderApp('/guide/hajimete');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});
