import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { messageSchema } from '@/lib/auth-schemas';

/** POST /alerts/unsubscribe?token=: the alert mail's one-click link; no login needed. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/alerts/unsubscribe', messageSchema, { method: 'POST', query: { token }, anonymous: true }),
  });
}
