import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/Toaster';
import { STORAGE_SESSION_KEY } from '@/config/constants';
import { authStore, resetAuth } from '@/stores/auth-store';
import { signInForTest, userFixture } from '@/testing/fixtures';
import { jsonResponse, renderWithProviders, sentBody, mockApi } from '@/testing/test-utils';
import { ProfileView } from './ProfileView';
import { WithdrawalForm } from './WithdrawalForm';

const profileAnswer = (user = userFixture) => () => jsonResponse({ success: true, user });

describe('/profile: favourite-store alert mails', () => {
  it('is off by default; switching it on sends favorite_alerts with the profile and keeps the answer', async () => {
    signInForTest({ prefecture: '東京都' });
    const fetchMock = mockApi({
      'GET /api/v1/users/profile': profileAnswer({ ...userFixture, prefecture: '東京都' }),
      'PUT /api/v1/users/profile': () =>
        jsonResponse({ success: true, user: { ...userFixture, prefecture: '東京都', favorite_alerts: true } }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ProfileView />
        <Toaster />
      </>,
      { route: '/profile' },
    );
    const toggle = screen.getByRole('switch', { name: '通知メールを受け取る' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('お気に入り店舗の通知メールをオンにしました')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find((c) => c[1]?.method === 'PUT')!;
    expect(sentBody(put[1])).toEqual({ user: { nickname: 'サトシ', prefecture: '東京都', favorite_alerts: true } });
    expect(authStore.get().user?.favorite_alerts).toBe(true);
    expect(toggle).toBeChecked();
  });

  it('a profile GET still on its way when the switch is flipped does not put the old setting back', async () => {
    signInForTest();
    let answerGet: () => void = () => undefined;
    mockApi({
      // The page's GET is answered only after the PUT: with the setting as it was before.
      'GET /api/v1/users/profile': () => new Promise<Response>((resolve) => (answerGet = () => resolve(profileAnswer()()))),
      'PUT /api/v1/users/profile': () => jsonResponse({ success: true, user: { ...userFixture, favorite_alerts: true } }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ProfileView />
        <Toaster />
      </>,
      { route: '/profile' },
    );
    const toggle = screen.getByRole('switch', { name: '通知メールを受け取る' });
    await user.click(toggle);
    expect(await screen.findByText('お気に入り店舗の通知メールをオンにしました')).toBeInTheDocument();
    answerGet();
    await new Promise((r) => setTimeout(r, 50));
    expect(toggle).toBeChecked();
    expect(authStore.get().user?.favorite_alerts).toBe(true);
  });

  it('the review mail is on by default; switching it off sends review_mail: false', async () => {
    signInForTest({ prefecture: '東京都' });
    const fetchMock = mockApi({
      'GET /api/v1/users/profile': profileAnswer({ ...userFixture, prefecture: '東京都' }),
      'PUT /api/v1/users/profile': () =>
        jsonResponse({ success: true, user: { ...userFixture, prefecture: '東京都', review_mail: false } }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ProfileView />
        <Toaster />
      </>,
      { route: '/profile' },
    );
    const toggle = screen.getByRole('switch', { name: '審査結果のメールを受け取る' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('投稿の審査結果のメールをオフにしました')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find((c) => c[1]?.method === 'PUT')!;
    expect(sentBody(put[1])).toEqual({ user: { nickname: 'サトシ', prefecture: '東京都', review_mail: false } });
    expect(authStore.get().user?.review_mail).toBe(false);
  });
});

describe('/profile マイページ', () => {
  it('shows the profile (refreshed from the server) and the member menu', async () => {
    signInForTest();
    mockApi({ 'GET /api/v1/users/profile': profileAnswer({ ...userFixture, prefecture: '京都府' }) });
    renderWithProviders(<ProfileView />, { route: '/profile' });
    expect(screen.getByRole('heading', { name: 'マイページ' })).toBeInTheDocument();
    expect(screen.getByTestId('profile-name')).toHaveTextContent('サトシ');
    expect(screen.getByText('satoshi@example.jp')).toBeInTheDocument();
    expect(await screen.findByText('京都府')).toBeInTheDocument();
    expect(authStore.get().user?.prefecture).toBe('京都府');
    expect(screen.getByRole('link', { name: /お気に入り店舗/ })).toHaveAttribute('href', '/favorites');
    expect(screen.getByRole('link', { name: '退会をご希望の方はこちら' })).toHaveAttribute('href', '/withdrawal');
  });

  it('edits nickname and prefecture; on success the stored profile is replaced with the returned user', async () => {
    signInForTest();
    const fetchMock = mockApi({
      'GET /api/v1/users/profile': profileAnswer(),
      'PUT /api/v1/users/profile': () =>
        jsonResponse({ success: true, user: { ...userFixture, nickname: 'サトシ改', prefecture: '北海道' } }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ProfileView />
        <Toaster />
      </>,
      { route: '/profile' },
    );
    await user.click(screen.getByRole('button', { name: 'プロフィールを編集' }));
    const nickname = screen.getByLabelText(/ニックネーム/);
    await user.clear(nickname);
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(screen.getByText('ニックネームを入力してください')).toBeInTheDocument();
    await user.type(nickname, 'サトシ改');
    await user.selectOptions(screen.getByLabelText(/お住まいの都道府県/), '北海道');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('プロフィールを更新しました')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find((c) => c[1]?.method === 'PUT')!;
    expect(sentBody(put[1])).toEqual({ user: { nickname: 'サトシ改', prefecture: '北海道' } });
    expect(authStore.get().user).toMatchObject({ nickname: 'サトシ改', prefecture: '北海道' });
    expect(screen.getByTestId('profile-prefecture')).toHaveTextContent('北海道');
  }, 15_000);

  it.each([
    ['the server’s error', () => jsonResponse({ success: false, error: 'ニックネームに使えない文字があります', code: 'bad_request' }, { status: 400 }), 'ニックネームに使えない文字があります'],
    ['else ネットワークエラー', () => Promise.reject(new TypeError('Failed to fetch')), 'ネットワークエラーが発生しました'],
  ])('a failed update shows %s', async (_what, answer, message) => {
    signInForTest();
    mockApi({ 'GET /api/v1/users/profile': profileAnswer(), 'PUT /api/v1/users/profile': answer });
    const user = userEvent.setup();
    renderWithProviders(<ProfileView />, { route: '/profile' });
    await user.click(screen.getByRole('button', { name: 'プロフィールを編集' }));
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(authStore.get().user?.nickname).toBe('サトシ');
  });
});

describe('/withdrawal 退会申請 (SPEC §4 Withdrawal, §8)', () => {
  async function withdrawWith(reason: string) {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <WithdrawalForm />
        <Toaster />
      </>,
      { route: '/withdrawal' },
    );
    const submit = screen.getByRole('button', { name: '退会する' });
    expect(submit).toBeDisabled();
    if (reason) await user.type(screen.getByLabelText(/退会理由/), reason);
    await user.click(screen.getByLabelText('上記の内容を理解したうえで退会します'));
    expect(submit).toBeEnabled();
    await user.click(submit);
    const dialog = screen.getByRole('dialog', { name: '本当に退会しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '退会する' }));
    return user;
  }

  it('the server first, then signed out and cleared, home with a thank-you', async () => {
    signInForTest();
    const fetchMock = mockApi({
      'DELETE /api/v1/users/withdrawal': () => jsonResponse({ success: true, message: '退会しました' }),
      'POST /api/v1/auth/logout': () => jsonResponse({ success: true }),
    });
    await withdrawWith('使わなくなったため');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const urls = fetchMock.mock.calls.map((c) => `${c[1]?.method} ${String(c[0])}`);
    expect(urls[0]).toBe('DELETE /api/v1/users/withdrawal');
    expect(sentBody(fetchMock.mock.calls[0]![1])).toEqual({ reason: '使わなくなったため' });
    expect(authStore.get().user).toBeNull();
    expect(localStorage.getItem(STORAGE_SESSION_KEY)).toBeNull();
    expect(screen.getByText('退会手続きが完了しました。ご利用ありがとうございました。')).toBeInTheDocument();
  });

  it('the reason may be empty', async () => {
    signInForTest();
    const fetchMock = mockApi({
      'DELETE /api/v1/users/withdrawal': () => jsonResponse({ success: true }),
      'POST /api/v1/auth/logout': () => jsonResponse({ success: true }),
    });
    await withdrawWith('');
    await waitFor(() => expect(authStore.get().user).toBeNull());
    expect(sentBody(fetchMock.mock.calls[0]![1])).toEqual({ reason: '' });
  });

  it("not signed in → 'ユーザーがログインしていません', nothing sent", async () => {
    signInForTest();
    const fetchMock = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<WithdrawalForm />, { route: '/withdrawal' });
    resetAuth();
    await user.click(screen.getByLabelText('上記の内容を理解したうえで退会します'));
    await user.click(screen.getByRole('button', { name: '退会する' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '退会する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ユーザーがログインしていません');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['a refusal: the server’s error', () => jsonResponse({ success: false, error: '退会できません（審査中の投稿があります）', code: 'conflict' }, { status: 409 }), '退会できません（審査中の投稿があります）'],
    ['no message: 退会処理中にエラーが発生しました', () => new Response('oops', { status: 500 }), '退会処理中にエラーが発生しました'],
    ['offline: a translated message', () => Promise.reject(new TypeError('offline')), 'ネットワークエラーが発生しました'],
  ])('%s; the user stays signed in', async (_what, answer, message) => {
    signInForTest();
    mockApi({ 'DELETE /api/v1/users/withdrawal': answer });
    await withdrawWith('x');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(authStore.get().user).not.toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/withdrawal');
  });

  it('a reason over 1000 characters is refused before sending', async () => {
    signInForTest();
    const user = userEvent.setup();
    renderWithProviders(<WithdrawalForm />, { route: '/withdrawal' });
    await user.click(screen.getByLabelText('上記の内容を理解したうえで退会します'));
    fireEvent.change(screen.getByLabelText(/退会理由/), { target: { value: 'あ'.repeat(1001) } });
    expect(screen.getByText('退会理由は1000文字以内で入力してください（現在1001文字）')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '退会する' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/退会理由/), { target: { value: 'あ'.repeat(1000) } });
    expect(screen.getByText('サービス改善の参考にさせていただきます（1000 / 1000文字）')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '退会する' })).toBeEnabled();
  });

  it('cancelling the dialog sends nothing', async () => {
    signInForTest();
    const fetchMock = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<WithdrawalForm />, { route: '/withdrawal' });
    await user.click(screen.getByLabelText('上記の内容を理解したうえで退会します'));
    await user.click(screen.getByRole('button', { name: '退会する' }));
    await user.click(screen.getByRole('button', { name: 'やめる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
