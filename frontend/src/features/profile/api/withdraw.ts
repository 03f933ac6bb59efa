import { useMutation } from '@tanstack/react-query';
import { t } from '@/i18n/ja';
import { ApiError, apiRequest } from '@/lib/api';
import { AUTH_ERROR_MESSAGES } from '@/lib/auth-errors';
import { messageSchema } from '@/lib/auth-schemas';
import { clearExistingSession } from '@/lib/session';
import { authStore } from '@/stores/auth-store';

class WithdrawalError extends Error {}

/**
 * DELETE /users/withdrawal {reason} (SPEC §4 Withdrawal): the server first; only on its
 * success is the user signed out and the user and profile cleared. The server removes
 * the account itself (there is no separate identity-provider account to delete).
 */
export async function withdraw(reason: string): Promise<void> {
  if (!authStore.get().user) throw new WithdrawalError(t('auth.notLoggedIn'));
  await apiRequest('/users/withdrawal', messageSchema, { method: 'DELETE', body: { reason: reason.trim() } });
  await clearExistingSession();
}

/**
 * SPEC §8 Withdrawal: not signed in → 'ユーザーがログインしていません'; a refusal → the
 * server's error; otherwise a translated message, else '退会処理中にエラーが発生しました'.
 */
export function withdrawalErrorMessage(error: unknown): string {
  if (error instanceof WithdrawalError) return error.message;
  if (error instanceof ApiError) {
    if (error.fromServer) return error.message;
    if (error.code === 'network' || error.code === 'timeout') return error.message;
    const key = AUTH_ERROR_MESSAGES[String(error.code).replace(/^auth\//, '')];
    if (key) return t(key);
  }
  return t('withdrawal.failed');
}

export function useWithdraw() {
  return useMutation({ mutationFn: withdraw });
}
