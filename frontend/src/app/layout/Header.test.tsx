import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/Toaster';
import { authStore, initialAuthState } from '@/stores/auth-store';
import { signInForTest } from '@/testing/fixtures';
import { jsonResponse, renderWithProviders, mockApi } from '@/testing/test-utils';
import { Header } from './Header';

function renderHeader() {
  return renderWithProviders(
    <div>
      <Header />
      <p>外側</p>
      <Toaster />
    </div>,
  );
}

const userMenu = () => screen.queryByRole('navigation', { name: 'ユーザーメニュー' });
const mobileMenu = () => screen.queryByRole('navigation', { name: 'メニュー' });

describe('Header: the three states (SPEC §2 Shell)', () => {
  it('a guest sees the login link', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText('読み込み中...')).not.toBeInTheDocument();
  });

  it('while auth loads it says 読み込み中...', () => {
    authStore.set(initialAuthState());
    renderHeader();
    expect(screen.getByText('読み込み中...')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ログイン' })).not.toBeInTheDocument();
  });

  it('a signed-in user gets the user menu: initial avatar, name, prefecture and the links', async () => {
    signInForTest();
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole('button', { name: 'サトシさんのメニュー' });
    expect(button).toHaveTextContent('サ');
    expect(screen.queryByRole('link', { name: 'ログイン' })).not.toBeInTheDocument();
    await user.click(button);
    const menu = within(userMenu()!);
    expect(menu.getByText('東京都')).toBeInTheDocument();
    expect(menu.getByRole('link', { name: /マイページ/ })).toHaveAttribute('href', '/profile');
    expect(menu.getByRole('link', { name: /お気に入り店舗/ })).toHaveAttribute('href', '/favorites');
    expect(menu.getByRole('link', { name: /保存済みルート/ })).toHaveAttribute('href', '/saved-routes');
    expect(menu.getByRole('button', { name: /ランキング/ })).toBeInTheDocument();
    expect(menu.getByRole('button', { name: /ログアウト/ })).toBeInTheDocument();
    expect(menu.queryByRole('link', { name: /管理画面/ })).not.toBeInTheDocument();
  });

  it('admins also get 管理画面', async () => {
    signInForTest({ admin: true });
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'サトシさんのメニュー' }));
    expect(within(userMenu()!).getByRole('link', { name: /管理画面/ })).toHaveAttribute('href', '/admin');
  });

  it('the avatar is the first character of the display name, falling back to the e-mail', () => {
    signInForTest({ nickname: '', email: 'kasumi@example.jp', prefecture: null });
    renderHeader();
    expect(screen.getByRole('button', { name: 'kasumiさんのメニュー' })).toHaveTextContent('k');
  });
});

describe('Header: menus', () => {
  it('a guest’s hamburger has the store map, the ranking and the login link', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'メニューを開く' }));
    const menu = within(mobileMenu()!);
    expect(menu.getByRole('link', { name: /店舗マップ/ })).toHaveAttribute('href', '/map');
    expect(menu.getByRole('button', { name: /ランキング/ })).toBeInTheDocument();
    expect(menu.getByRole('link', { name: /ログイン/ })).toBeInTheDocument();
  });

  it('the hamburger adds the user block with the same links for a signed-in user', async () => {
    signInForTest({ admin: true });
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'メニューを開く' }));
    const menu = within(mobileMenu()!);
    expect(menu.getByText('サトシ')).toBeInTheDocument();
    expect(menu.getByText('東京都')).toBeInTheDocument();
    for (const name of [/マイページ/, /お気に入り店舗/, /保存済みルート/, /管理画面/]) expect(menu.getByRole('link', { name })).toBeInTheDocument();
    expect(menu.getByRole('button', { name: /ログアウト/ })).toBeInTheDocument();
    expect(menu.queryByRole('link', { name: /ログイン/ })).not.toBeInTheDocument();
  });

  it('opening one menu closes the other; an outside click closes both; Escape returns focus', async () => {
    signInForTest();
    const user = userEvent.setup();
    renderHeader();
    const userButton = screen.getByRole('button', { name: 'サトシさんのメニュー' });
    const hamburger = screen.getByRole('button', { name: 'メニューを開く' });

    await user.click(userButton);
    expect(userMenu()).toBeInTheDocument();
    await user.click(hamburger);
    expect(mobileMenu()).toBeInTheDocument();
    expect(userMenu()).not.toBeInTheDocument();
    expect(userButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(userButton);
    expect(userMenu()).toBeInTheDocument();
    expect(mobileMenu()).not.toBeInTheDocument();

    fireEvent.mouseDown(screen.getByText('外側'));
    expect(userMenu()).not.toBeInTheDocument();
    expect(mobileMenu()).not.toBeInTheDocument();

    await user.click(hamburger);
    await user.keyboard('{Escape}');
    expect(mobileMenu()).not.toBeInTheDocument();
    expect(hamburger).toHaveFocus();
  });

  it('a click inside an open menu does not close it', async () => {
    signInForTest();
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'サトシさんのメニュー' }));
    fireEvent.mouseDown(within(userMenu()!).getByText('東京都'));
    expect(userMenu()).toBeInTheDocument();
  });
});

describe('Header: the store-map link', () => {
  it.each([
    ['東京都', '/map?prefecture=tokyo'],
    ['北海道', '/map?prefecture=hokkaido'],
    ['東京', '/map'],
    [null, '/map'],
  ])('profile prefecture %s → %s', (prefecture, href) => {
    signInForTest({ prefecture });
    renderHeader();
    expect(screen.getByRole('navigation', { name: 'メインメニュー' }).querySelector('a')).toHaveAttribute('href', href);
  });

  it('is plain /map for a guest', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: '店舗マップ' })).toHaveAttribute('href', '/map');
  });
});

describe('Header: logout (SPEC §4)', () => {
  it('signs out, says ログアウトしました and goes to /login', async () => {
    signInForTest();
    const fetchMock = mockApi({ 'POST /api/v1/auth/logout': () => jsonResponse({ success: true }) });
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'サトシさんのメニュー' }));
    await user.click(screen.getByRole('button', { name: /ログアウト/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByText('ログアウトしました').closest('[data-type]')).toHaveAttribute('data-type', 'success');
    expect(screen.getByRole('link', { name: 'ログイン' })).toBeInTheDocument();
    expect(authStore.get().user).toBeNull();
  });

  it('a failure shows a translated error and keeps the user signed in', async () => {
    signInForTest();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'サトシさんのメニュー' }));
    await user.click(screen.getByRole('button', { name: /ログアウト/ }));
    expect(await screen.findByText('ネットワークエラーが発生しました。通信環境をご確認ください。')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(authStore.get().user).not.toBeNull();
  });
});

describe('Header: ranking dialog (SPEC §2 Shell)', () => {
  const ranking = [
    { rank: 1, nickname: 'サトシ', prefecture: '東京都', approved_submissions_count: 12, points: 42 },
    { rank: 2, nickname: 'カスミ', prefecture: null, approved_submissions_count: 30, points: 30 },
    { rank: 3, nickname: 'タケシ', prefecture: '大阪府', approved_submissions_count: 12, points: 55 },
    { rank: 4, nickname: 'マサラ', prefecture: null, approved_submissions_count: 1, points: 1 },
  ];

  it('loads on open; error with 再試行; then the list with medals and pt; closes via × and the overlay', async () => {
    let fail = true;
    let resolve: (() => void) | undefined;
    mockApi({
      '/api/v1/users/ranking': () =>
        new Promise<Response>((ok) => {
          resolve = () =>
            ok(
              fail
                ? jsonResponse({ success: false, error: '見つかりません', code: 'not_found' }, { status: 404 })
                : jsonResponse({ success: true, ranking }),
            );
        }),
    });
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'ランキング' }));
    const dialog = screen.getByRole('dialog', { name: '投稿ランキング' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('読み込み中...');

    await act(async () => resolve!());
    expect(await within(dialog).findByText('ランキングの取得に失敗しました')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: '再試行' }));
    await waitFor(() => expect(resolve).toBeDefined());
    await act(async () => resolve!());

    const rows = (await within(dialog).findByTestId('ranking-list')).querySelectorAll('li');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('🥇');
    expect(rows[0]).toHaveTextContent('サトシ');
    expect(rows[0]).toHaveTextContent('東京都');
    expect(rows[0]).toHaveTextContent('42pt');
    expect(rows[1]).toHaveTextContent('🥈');
    expect(rows[1]).not.toHaveTextContent('null');
    expect(rows[2]).toHaveTextContent('🥉');
    expect(rows[2]).toHaveTextContent('55pt');
    expect(rows[3]).toHaveTextContent('4位');
    expect(rows[3]).not.toHaveTextContent(/🥇|🥈|🥉/);

    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ランキング' }));
    fireEvent.mouseDown(screen.getByTestId('dialog-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
