import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders, sentBody, mockApi } from '@/testing/test-utils';
import { AuthActionPanel } from './AuthActionPanel';
import { EmailVerificationPanel } from './EmailVerificationPanel';
import { PasswordResetRequest } from './PasswordResetRequest';

const passwordInput = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

describe('/email-verification: resend (SPEC §5)', () => {
  async function resend(body: unknown, status = 200) {
    const fetchMock = mockApi({ 'POST /api/v1/auth/resend-verification': () => jsonResponse(body, { status }) });
    const user = userEvent.setup();
    renderWithProviders(<EmailVerificationPanel />, { route: '/email-verification' });
    await user.type(screen.getByLabelText(/メールアドレス/), 'new@example.jp');
    await user.type(passwordInput(/^パスワード/), 'pikachu25');
    await user.click(screen.getByRole('button', { name: '確認メールを再送信' }));
    return fetchMock;
  }

  it('asks the user to check the mail', () => {
    renderWithProviders(<EmailVerificationPanel />, { route: '/email-verification' });
    expect(screen.getByRole('heading', { name: 'メールアドレスの確認' })).toBeInTheDocument();
    expect(screen.getByText(/メール内のリンクをクリックして/)).toBeInTheDocument();
  });

  it('resends with e-mail and password', async () => {
    const fetchMock = await resend({ success: true, message: 'ok' });
    expect(await screen.findByText('確認メールを再送信しました。')).toBeInTheDocument();
    expect(sentBody(fetchMock.mock.calls[0]![1])).toEqual({ email: 'new@example.jp', password: 'pikachu25' });
  });

  it("wrong credentials → 'ユーザーがログインしていません'", async () => {
    await resend({ success: false, error: 'ユーザーがログインしていません', code: 'auth/not-logged-in' }, 401);
    expect(await screen.findByRole('alert')).toHaveTextContent('ユーザーがログインしていません');
  });

  it("already verified → 'メールは既に認証済みです'", async () => {
    await resend({ success: false, error: 'メールは既に認証済みです', code: 'auth/already-verified' }, 409);
    expect(await screen.findByRole('alert')).toHaveTextContent('メールは既に認証済みです');
  });
});

describe('/password-reset', () => {
  it('gives the same answer whatever the e-mail', async () => {
    const fetchMock = mockApi({ 'POST /api/v1/auth/password-reset': () => jsonResponse({ success: true, message: 'x' }) });
    const user = userEvent.setup();
    renderWithProviders(<PasswordResetRequest />, { route: '/password-reset' });
    await user.type(screen.getByLabelText(/メールアドレス/), 'who@example.jp');
    await user.click(screen.getByRole('button', { name: '再設定メールを送信' }));
    expect(await screen.findByText(/登録されている場合は、パスワード再設定用のメールを送信しました/)).toBeInTheDocument();
    expect(sentBody(fetchMock.mock.calls[0]![1])).toEqual({ email: 'who@example.jp' });
  });
});

describe('/auth/action', () => {
  it('verifyEmail: verifies once (even in StrictMode) and offers login', async () => {
    const fetchMock = mockApi({ 'POST /api/v1/auth/verify-email': () => jsonResponse({ success: true, message: 'ok' }) });
    renderWithProviders(
      <StrictMode>
        <AuthActionPanel />
      </StrictMode>,
      { route: '/auth/action?mode=verifyEmail&token=abc123' },
    );
    expect(screen.getByText('メールアドレスを確認しています...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'メールアドレスを確認しました' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/login');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentBody(fetchMock.mock.calls[0]![1])).toEqual({ token: 'abc123' });
  });

  it('verifyEmail: a link opened again after it verified says the address is verified and offers login', async () => {
    mockApi({
      'POST /api/v1/auth/verify-email': () =>
        jsonResponse({ success: false, error: 'メールは既に認証済みです', code: 'auth/already-verified' }, { status: 409 }),
    });
    renderWithProviders(<AuthActionPanel />, { route: '/auth/action?mode=verifyEmail&token=used' });
    expect(await screen.findByRole('heading', { name: 'メールアドレスは認証済みです' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('認証は完了しています');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/login');
  });

  it('verifyEmail: a used or expired link says so and offers a new mail', async () => {
    mockApi({
      'POST /api/v1/auth/verify-email': () =>
        jsonResponse({ success: false, error: 'x', code: 'auth/invalid-action-code' }, { status: 400 }),
    });
    renderWithProviders(<AuthActionPanel />, { route: '/auth/action?mode=verifyEmail&token=old' });
    expect(await screen.findByRole('heading', { name: 'メールアドレスを確認できませんでした' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('リンクが無効か、有効期限が切れています');
    expect(screen.getByRole('link', { name: '確認メールを再送信する' })).toHaveAttribute('href', '/email-verification');
  });

  it('resetPassword: new password (6+, confirmed) → done', async () => {
    const fetchMock = mockApi({ 'POST /api/v1/auth/password-reset/confirm': () => jsonResponse({ success: true }) });
    const user = userEvent.setup();
    renderWithProviders(<AuthActionPanel />, { route: '/auth/action?mode=resetPassword&token=tok' });
    await user.type(passwordInput(/^新しいパスワード必須/), 'short');
    await user.click(screen.getByRole('button', { name: 'パスワードを変更' }));
    expect(screen.getByText('パスワードは6文字以上で入力してください')).toBeInTheDocument();
    // The first invalid field takes the focus on the next frame; typing before it would lose keys to it.
    await waitFor(() => expect(passwordInput(/^新しいパスワード必須/)).toHaveFocus());
    await user.type(passwordInput(/^新しいパスワード必須/), 'er-pass');
    await user.type(passwordInput(/確認/), 'different');
    await user.click(screen.getByRole('button', { name: 'パスワードを変更' }));
    expect(screen.getByText('パスワードが一致しません')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(passwordInput(/確認/)).toHaveFocus());
    await user.clear(passwordInput(/確認/));
    await user.type(passwordInput(/確認/), 'shorter-pass');
    await user.click(screen.getByRole('button', { name: 'パスワードを変更' }));
    expect(await screen.findByRole('heading', { name: 'パスワードを変更しました' })).toBeInTheDocument();
    expect(sentBody(fetchMock.mock.calls[0]![1])).toEqual({ token: 'tok', password: 'shorter-pass' });
  });

  it('resetPassword: an expired link offers a new reset mail', async () => {
    mockApi({
      'POST /api/v1/auth/password-reset/confirm': () =>
        jsonResponse({ success: false, error: 'x', code: 'auth/invalid-action-code' }, { status: 400 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AuthActionPanel />, { route: '/auth/action?mode=resetPassword&token=old' });
    await user.type(passwordInput(/^新しいパスワード必須/), 'pikachu25');
    await user.type(passwordInput(/確認/), 'pikachu25');
    await user.click(screen.getByRole('button', { name: 'パスワードを変更' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'パスワードを変更できませんでした' })).toBeInTheDocument());
    expect(screen.getByRole('link', { name: '再設定メールをもう一度送る' })).toHaveAttribute('href', '/password-reset');
  });

  it('an unknown mode or a missing token is an invalid link', () => {
    renderWithProviders(<AuthActionPanel />, { route: '/auth/action?mode=somethingElse&token=x' });
    expect(screen.getByRole('heading', { name: 'リンクが正しくありません' })).toBeInTheDocument();
  });
});
