import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/Toaster';
import { STORAGE_SESSION_KEY } from '@/config/constants';
import { authStore } from '@/stores/auth-store';
import { signInForTest, userFixture } from '@/testing/fixtures';
import { jsonResponse, renderWithProviders, sentBody, mockApi } from '@/testing/test-utils';
import { AuthTabs } from './AuthTabs';

function renderTabs(route = '/login') {
  return renderWithProviders(
    <>
      <AuthTabs />
      <Toaster />
    </>,
    { route },
  );
}

describe('/login tabs', () => {
  it('shows login first, switches to sign-up (and back) with a click or the arrow keys', async () => {
    const user = userEvent.setup();
    renderTabs();
    expect(screen.getByRole('tab', { name: 'ログイン' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('form', { name: 'ログイン' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '新規登録' }));
    expect(screen.getByRole('form', { name: '新規登録' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?tab=signup');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'ログイン' })).toHaveFocus();
    expect(screen.getByRole('form', { name: 'ログイン' })).toBeInTheDocument();
  });

  it('?tab=signup opens sign-up', () => {
    renderTabs('/login?tab=signup');
    expect(screen.getByRole('tab', { name: '新規登録' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('login (SPEC §4 Login)', () => {
  it('checks the fields before sending anything', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup();
    renderTabs();
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(screen.getByText('メールアドレスを入力してください')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/メールアドレス/)).toHaveFocus());
    await user.type(screen.getByLabelText(/メールアドレス/), 'not-an-email');
    expect(screen.getByText('メールアドレスの形式が正しくありません')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in: token and user stored, ログインしました, back to the page that needed it', async () => {
    const fetchMock = mockApi({
      'POST /api/v1/auth/login': () => jsonResponse({ success: true, access_token: 'tok', expires_in: 900, user: userFixture }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <AuthTabs />
        <Toaster />
      </>,
      { route: '/login' },
    );
    await user.type(screen.getByLabelText(/メールアドレス/), ' satoshi@example.jp ');
    await user.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), 'pikachu25');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(sentBody(fetchMock.mock.calls[0]![1])).toEqual({ email: 'satoshi@example.jp', password: 'pikachu25' });
    expect(authStore.get()).toMatchObject({ accessToken: 'tok', user: { nickname: 'サトシ' } });
    expect(localStorage.getItem(STORAGE_SESSION_KEY)).toBe('1');
    expect(screen.getByText('ログインしました')).toBeInTheDocument();
  });

  it('clears an existing session first', async () => {
    signInForTest({}, { token: 'old' });
    const fetchMock = mockApi({
      'POST /api/v1/auth/logout': () => jsonResponse({ success: true }),
      'POST /api/v1/auth/login': () => jsonResponse({ success: true, access_token: 'new', expires_in: 900, user: userFixture }),
    });
    const user = userEvent.setup();
    renderTabs();
    await user.type(screen.getByLabelText(/メールアドレス/), 'satoshi@example.jp');
    await user.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), 'pikachu25');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(authStore.get().accessToken).toBe('new'));
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/api/v1/auth/logout', '/api/v1/auth/login']);
  });

  it.each([
    [401, 'auth/invalid-credential', 'メールアドレスまたはパスワードが正しくありません'],
    [403, 'auth/email-not-verified', 'メールアドレスが確認されていません。メール内のリンクをクリックしてください。'],
    [403, 'auth/user-disabled', 'このアカウントは利用できなくなっています'],
    [429, 'auth/too-many-requests', '試行回数が多すぎます。しばらく時間をおいてから再度お試しください。'],
  ])('a %i %s refusal says %s and stays on /login', async (status, code, message) => {
    mockApi({ 'POST /api/v1/auth/login': () => jsonResponse({ success: false, error: 'server', code, retry_after: 60 }, { status }) });
    const user = userEvent.setup();
    renderTabs();
    await user.type(screen.getByLabelText(/メールアドレス/), 'satoshi@example.jp');
    await user.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), 'pikachu25');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(authStore.get().user).toBeNull();
    expect(localStorage.getItem('pokeca.blocked')).toBeNull();
    expect(localStorage.getItem('pokeca.rateLimitedUntil')).toBeNull();
  });

  it('an unverified refusal links to the resend form', async () => {
    mockApi({
      'POST /api/v1/auth/login': () => jsonResponse({ success: false, error: 'x', code: 'auth/email-not-verified' }, { status: 403 }),
    });
    const user = userEvent.setup();
    renderTabs();
    await user.type(screen.getByLabelText(/メールアドレス/), 'satoshi@example.jp');
    await user.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), 'pikachu25');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: '確認メールを再送信する' })).toHaveAttribute('href', '/email-verification');
  });
});

describe('sign-up (SPEC §4 Registration, §5)', () => {
  it('shows a live password hint: what is missing, then a tick at 6 characters', async () => {
    const user = userEvent.setup();
    renderTabs('/login?tab=signup');
    const password = screen.getByLabelText(/^パスワード/, { selector: 'input' });
    expect(screen.getByText('6文字以上で入力してください')).toBeInTheDocument();
    await user.type(password, 'abc');
    expect(screen.getByText('あと3文字必要です（6文字以上）')).toBeInTheDocument();
    await user.type(password, 'def');
    expect(screen.getByText('6文字以上 ✓')).toBeInTheDocument();
  });

  it('refuses to send a short password, a bad e-mail or a missing / long nickname', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup();
    renderTabs('/login?tab=signup');
    await user.type(screen.getByLabelText(/メールアドレス/), 'a@b');
    await user.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), '12345');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    // The form validates asynchronously: wait for its answer, not for the click.
    expect(await screen.findByText('入力内容をご確認ください')).toBeInTheDocument();
    expect(screen.getByText('メールアドレスの形式が正しくありません')).toBeInTheDocument();
    expect(screen.getByText('パスワードは6文字以上で入力してください')).toBeInTheDocument();
    // The length rule is said once, not as the error and the live hint together.
    expect(screen.getAllByText(/6文字以上/)).toHaveLength(1);
    expect(screen.getByText('ニックネームを入力してください')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/ニックネーム/), 'あ'.repeat(21));
    expect(await screen.findByText('ニックネームは20文字以内で入力してください')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the 47 prefectures and "none"', () => {
    renderTabs('/login?tab=signup');
    const select = screen.getByLabelText(/お住まいの都道府県/);
    expect(within(select).getAllByRole('option')).toHaveLength(48);
    expect(within(select).getByRole('option', { name: '沖縄県' })).toHaveValue('沖縄県');
  });

  it('sends user{email, password, username, prefecture} and goes to /email-verification', async () => {
    const fetchMock = mockApi({ 'POST /api/v1/users': () => jsonResponse({ success: true, message: '送信しました' }, { status: 201 }) });
    const user = userEvent.setup();
    renderTabs('/login?tab=signup');
    await user.type(screen.getByLabelText(/メールアドレス/), 'new@example.jp');
    await user.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), 'pikachu25');
    await user.type(screen.getByLabelText(/ニックネーム/), ' ピカチュウ ');
    await user.selectOptions(screen.getByLabelText(/お住まいの都道府県/), '大阪府');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/email-verification'));
    expect(sentBody(fetchMock.mock.calls[0]![1])).toEqual({
      user: { email: 'new@example.jp', password: 'pikachu25', username: 'ピカチュウ', prefecture: '大阪府' },
    });
    expect(authStore.get().user).toBeNull();
  });

  it.each([
    [{ success: false, error: 'x', code: 'auth/email-already-in-use' }, 409, 'このメールアドレスは既に使用されています'],
    [{ success: false, error: 'Email has already been taken' }, 422, 'このメールアドレスは既に使用されています'],
    [{ success: false, error: 'x', code: 'auth/weak-password' }, 400, 'パスワードは6文字以上で入力してください'],
    [{ success: false, error: 'ニックネームが長すぎます', code: 'bad_request' }, 400, 'ニックネームが長すぎます'],
  ])('shows the refusal %j', async (body, status, message) => {
    mockApi({ 'POST /api/v1/users': () => jsonResponse(body, { status }) });
    const user = userEvent.setup();
    renderTabs('/login?tab=signup');
    await user.type(screen.getByLabelText(/メールアドレス/), 'new@example.jp');
    await user.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), 'pikachu25');
    await user.type(screen.getByLabelText(/ニックネーム/), 'ピカ');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?tab=signup');
  });
});
