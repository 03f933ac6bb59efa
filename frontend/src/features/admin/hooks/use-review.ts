import { useState } from 'react';
import { t } from '@/i18n/ja';
import { ApiError } from '@/lib/api';
import { showToast } from '@/stores/toast-store';
import { useReviewSubmission, type ReviewAction } from '../api/submissions';

/**
 * One submission's approve / merge / reject: the server's message as a success toast; a 409
 * (someone else reviewed it first) or 404 as a warning toast while the list refreshes;
 * any other refusal as the server's Japanese error on the card.
 */
export function useReview(id: number, onReviewed: () => void) {
  const [error, setError] = useState<string | null>(null);
  const mutation = useReviewSubmission(id, {
    onSuccess: (result) => {
      showToast(result.message || t('admin.done'), 'success');
      onReviewed();
    },
    onError: (cause) => {
      if (cause instanceof ApiError && (cause.status === 409 || cause.status === 404)) {
        showToast(t(cause.status === 409 ? 'admin.conflict' : 'admin.gone'), 'warning');
        onReviewed();
        return;
      }
      setError(cause instanceof ApiError ? cause.message : t('common.unknownError'));
    },
  });
  const run = (action: ReviewAction) => {
    if (mutation.isPending) return;
    setError(null);
    mutation.mutate(action);
  };
  return { run, busy: mutation.isPending, action: mutation.isPending ? mutation.variables : undefined, error };
}
