import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http';
import { authErrorMessage } from './auth-errors';

describe('auth error codes → Japanese (SPEC §8)', () => {
  it.each([
    ['auth/invalid-credential', 'メールアドレスまたはパスワードが正しくありません'],
    ['auth/user-not-found', 'このメールアドレスのアカウントは見つかりません'],
    ['auth/wrong-password', 'パスワードが正しくありません'],
    ['auth/invalid-email', 'メールアドレスの形式が正しくありません'],
    ['auth/user-disabled', 'このアカウントは利用できなくなっています'],
    ['auth/too-many-requests', '試行回数が多すぎます。しばらく時間をおいてから再度お試しください。'],
    ['auth/weak-password', 'パスワードは6文字以上で入力してください'],
    ['auth/email-already-in-use', 'このメールアドレスは既に使用されています'],
    ['auth/requires-recent-login', 'セキュリティのため、もう一度ログインしてからお試しください'],
    ['auth/network-request-failed', 'ネットワークエラーが発生しました。通信環境をご確認ください。'],
    ['auth/email-not-verified', 'メールアドレスが確認されていません。メール内のリンクをクリックしてください。'],
    ['auth/not-logged-in', 'ユーザーがログインしていません'],
    ['auth/already-verified', 'メールは既に認証済みです'],
    ['auth/invalid-action-code', 'リンクが無効か、有効期限が切れています。お手数ですが、もう一度お手続きください。'],
    ['auth/session-expired', 'セッションの有効期限が切れました。再度ログインしてください。'],
  ])('%s → %s', (code, message) => {
    expect(authErrorMessage(new ApiError('server text', 400, code))).toBe(message);
    expect(authErrorMessage({ code: code.replace('auth/', ''), message: 'x' })).toBe(message);
  });

  it('weak-password names the 6-character minimum', () => {
    expect(authErrorMessage({ code: 'auth/weak-password' })).toContain('6文字以上');
  });

  it("maps the server's 'Email has already been taken' to the already-in-use message", () => {
    expect(authErrorMessage(new ApiError('Email has already been taken', 422, 'http_422'))).toBe('このメールアドレスは既に使用されています');
    expect(authErrorMessage('Email has already been taken')).toBe('このメールアドレスは既に使用されています');
  });

  it('the client’s own network failure reads as network-request-failed', () => {
    expect(authErrorMessage(new ApiError('ネットワークエラーが発生しました', 0, 'network'))).toBe(
      'ネットワークエラーが発生しました。通信環境をご確認ください。',
    );
  });

  it('defaults to the raw message, else 認証エラーが発生しました', () => {
    expect(authErrorMessage(new ApiError('ニックネームは20文字以内です', 400, 'bad_request'))).toBe('ニックネームは20文字以内です');
    expect(authErrorMessage(new Error('something odd'))).toBe('something odd');
    expect(authErrorMessage(new Error(''))).toBe('認証エラーが発生しました');
    expect(authErrorMessage(undefined)).toBe('認証エラーが発生しました');
    expect(authErrorMessage({})).toBe('認証エラーが発生しました');
  });
});
