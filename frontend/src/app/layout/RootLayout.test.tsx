import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_BLOCKED_KEY, STORAGE_RATE_LIMIT_UNTIL_KEY, STORAGE_SESSION_KEY } from '@/config/constants';
import { authStore, initialAuthState } from '@/stores/auth-store';
import { signInForTest, userFixture } from '@/testing/fixtures';
import { configFixture } from '@/testing/handlers';
import { jsonResponse, LocationDisplay, mockApi } from '@/testing/test-utils';
import { AppRoutes } from '../router';

type Handlers = Parameters<typeof mockApi>[0];

function renderApp(route: string, extra: Handlers = {}) {
  const fetchMock = mockApi({
    '/api/v1/config': () =>
      jsonResponse({
        success: true,
        data: { ...configFixture, contact_url: 'https://example.com/contact', demo_data: true },
      }),
    '/api/v1/stats/summary': () => jsonResponse({ success: true, data: { store_count: 10 } }),
    '/api/v1/prefectures': () => jsonResponse({ success: true, data: { regions: [], prefectures: [] } }),
    '/api/v1/initial_data': () => jsonResponse({ success: true, data: { user: null, store_types: [] } }),
    ...extra,
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
  return { fetchMock, client };
}

const location = () => screen.getByTestId('location').textContent;

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

  it('hides the header and footer on /guide pages, showing a real article with a way back', async () => {
    renderApp('/guide/getting-started');
    expect(await screen.findByRole('heading', { level: 1, name: 'はじめての方へ' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'このサイトでできること' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    const guideNav = screen.getByRole('navigation', { name: 'ガイドのナビゲーション' });
    expect(within(guideNav).getByRole('link', { name: 'ホームに戻る' })).toHaveAttribute('href', '/');
  });
});

describe('route guard: accounts (SPEC §2 Route guard)', () => {
  it.each(['/profile', '/favorites', '/saved-routes', '/my-stats', '/withdrawal'])('%s sends a guest to /login', async (path) => {
    renderApp(path);
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('tab', { name: 'ログイン' })).toBeInTheDocument();
    expect(screen.getByText('ログインが必要です')).toBeInTheDocument();
  });

  it('waits (30 × 100 ms) for auth to load: a stored session is restored and the page shows', async () => {
    localStorage.setItem(STORAGE_SESSION_KEY, '1');
    authStore.set(initialAuthState());
    let answer: (() => void) | undefined;
    renderApp('/favorites', {
      'POST /api/v1/auth/refresh': () =>
        new Promise<Response>((ok) => {
          answer = () => ok(jsonResponse({ success: true, access_token: 't', expires_in: 900, user: userFixture }));
        }),
    });
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('読み込み中...');
    expect(within(screen.getByRole('banner')).getByRole('status')).toHaveTextContent('読み込み中...');
    await waitFor(() => expect(answer).toBeDefined());
    await act(() => new Promise((r) => setTimeout(r, 250)));
    expect(location()).toBe('/favorites');
    await act(async () => answer!());
    expect(await screen.findByRole('heading', { name: 'お気に入り店舗' })).toBeInTheDocument();
    expect(location()).toBe('/favorites');
  });

  it('never bounces a stored session to /login while its refresh is in flight, even past 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    authStore.set(initialAuthState());
    localStorage.setItem(STORAGE_SESSION_KEY, '1');
    let answer: ((ok: boolean) => void) | undefined;
    renderApp('/profile', {
      'POST /api/v1/auth/refresh': () =>
        new Promise<Response>((resolve) => {
          answer = (ok) =>
            resolve(
              ok
                ? jsonResponse({ success: true, access_token: 't', expires_in: 900, user: userFixture })
                : jsonResponse({ success: false, error: 'x', code: 'auth/invalid-credential' }, { status: 401 }),
            );
        }),
    });
    await act(async () => vi.advanceTimersByTimeAsync(6_000));
    expect(location()).toBe('/profile');
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('読み込み中...');
    expect(screen.queryByText('ログインが必要です')).not.toBeInTheDocument();
    await act(async () => answer!(true));
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(location()).toBe('/profile');
  });

  it('sends the visitor to /login once the refresh says the session is gone', async () => {
    authStore.set(initialAuthState());
    localStorage.setItem(STORAGE_SESSION_KEY, '1');
    renderApp('/profile', {
      'POST /api/v1/auth/refresh': () => jsonResponse({ success: false, error: 'x', code: 'auth/invalid-credential' }, { status: 401 }),
    });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByText('ログインが必要です')).toBeInTheDocument();
  });

  it('/login loaded directly with a live session: 読み込み中..., then home (no login form)', async () => {
    authStore.set(initialAuthState());
    localStorage.setItem(STORAGE_SESSION_KEY, '1');
    let answer: (() => void) | undefined;
    renderApp('/login', {
      'POST /api/v1/auth/refresh': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(jsonResponse({ success: true, access_token: 't', expires_in: 900, user: userFixture }));
        }),
    });
    await waitFor(() => expect(answer).toBeDefined());
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('読み込み中...');
    expect(screen.queryByRole('tab', { name: 'ログイン' })).not.toBeInTheDocument();
    await act(async () => answer!());
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('/signup opens the sign-up tab, headed 新規登録', async () => {
    renderApp('/signup');
    await waitFor(() => expect(location()).toBe('/login?tab=signup'));
    expect(await screen.findByRole('tab', { name: '新規登録', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '新規登録' })).toBeInTheDocument();
  });

  it('lets a signed-in user into login-required pages', async () => {
    signInForTest();
    renderApp('/saved-routes');
    expect(await screen.findByRole('heading', { name: '保存済みルート' })).toBeInTheDocument();
    expect(location()).toBe('/saved-routes');
  });

  it('/login is for guests: a signed-in user goes to /', async () => {
    signInForTest();
    renderApp('/login');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('after login the user returns to the page the guard turned away', async () => {
    const user = userEvent.setup();
    renderApp('/my-stats', {
      'POST /api/v1/auth/login': () => jsonResponse({ success: true, access_token: 't', expires_in: 900, user: userFixture }),
    });
    await waitFor(() => expect(location()).toBe('/login'));
    await user.type(await screen.findByLabelText(/メールアドレス/), 'satoshi@example.jp');
    await user.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), 'pikachu25');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(location()).toBe('/my-stats'));
    expect(await screen.findByRole('heading', { name: 'マイ投稿統計' })).toBeInTheDocument();
  });

  it.each(['/admin', '/admin/analytics'])('%s asks the server and lets an admin in', async (path) => {
    signInForTest({ admin: true });
    const { fetchMock } = renderApp(path, { '/api/v1/admin/check': () => jsonResponse({ success: true, admin: true }) });
    expect(await screen.findByRole('heading', { name: path === '/admin' ? '管理画面' : 'アナリティクス' })).toBeInTheDocument();
    const check = fetchMock.mock.calls.find((c) => String(c[0]) === '/api/v1/admin/check')!;
    expect((check[1]?.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it('/admin denies a guest → /login with ログインが必要です', async () => {
    renderApp('/admin');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByText('ログインが必要です')).toBeInTheDocument();
  });

  it.each([
    ['a member (403 forbidden)', { admin: false }, () => jsonResponse({ success: false, error: 'x', code: 'forbidden' }, { status: 403 }), '管理者権限が必要です'],
    ['a server error', { admin: true }, () => new Response('x', { status: 500 }), '権限の確認中にエラーが発生しました'],
  ] as const)('/admin denies %s → /login with its message (and /login, for guests only, sends the member home)', async (_who, signedIn, answer, message) => {
    signInForTest(signedIn);
    renderApp('/admin', { '/api/v1/admin/check': answer });
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.queryByRole('heading', { name: '管理画面' })).not.toBeInTheDocument();
  });

  it('/admin with no token → 認証情報が見つかりません', async () => {
    signInForTest({ admin: true });
    authStore.set((s) => ({ ...s, accessToken: null }));
    renderApp('/admin');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByText('認証情報が見つかりません')).toBeInTheDocument();
  });

  it('after sign-in the initial data (with the user) is fetched ~100 ms later', async () => {
    const { fetchMock } = renderApp('/privacy-policy', {
      '/api/v1/initial_data': () =>
        jsonResponse({ success: true, data: { user: { ...userFixture, nickname: '最新の名前' }, store_types: [] } }),
    });
    const initialDataCalls = () => fetchMock.mock.calls.filter((c) => String(c[0]) === '/api/v1/initial_data').length;
    expect(initialDataCalls()).toBe(0);
    act(() => {
      signInForTest();
    });
    expect(initialDataCalls()).toBe(0);
    await waitFor(() => expect(initialDataCalls()).toBe(1));
    await waitFor(() => expect(authStore.get().user?.nickname).toBe('最新の名前'));
  });

  it('shows the footer links for signed-in users only', async () => {
    signInForTest();
    renderApp('/privacy-policy');
    const footer = screen.getByRole('contentinfo');
    expect(footer.querySelector('a[href="/favorites"]')).toHaveTextContent('お気に入り');
    expect(footer.querySelector('a[href="/profile"]')).toHaveTextContent('マイページ');
    expect(footer.querySelector('a[href="/withdrawal"]')).toHaveTextContent('退会');
  });

  it('hides those footer links from guests', () => {
    renderApp('/privacy-policy');
    const footer = screen.getByRole('contentinfo');
    expect(footer.querySelector('a[href="/withdrawal"]')).toBeNull();
    expect(footer.querySelector('a[href="/profile"]')).toBeNull();
  });
});
