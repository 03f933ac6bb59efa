import type { Confirmation, ConfirmationAnswer } from '@/api/confirmations';
import { ConfirmationCount } from '@/components/confirmations/ConfirmationCount';
import { t } from '@/i18n/ja';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/stores/auth-store';
import { showToast } from '@/stores/toast-store';
import styles from './ReportConfirmation.module.css';
import { useAnswerConfirmation } from '../api/answer-confirmation';

const ANSWERS: ConfirmationAnswer[] = ['still', 'gone'];

/**
 * Under a report in the sheet: its counts, and for a signed-in user other than the
 * reporter, while the report is less than a day old, まだ買えた / 売り切れだった (the
 * chosen one pressed; another tap changes it).
 */
export function ReportConfirmation({
  reportId,
  storeId,
  confirmation,
}: {
  reportId: number;
  storeId: number | string;
  confirmation: Confirmation | undefined;
}) {
  const { isAuthenticated } = useAuth();
  const mutation = useAnswerConfirmation(storeId);
  const canAnswer = isAuthenticated && confirmation?.answerable === true && !confirmation.own;
  const shown = mutation.isPending && mutation.variables ? mutation.variables.answer : confirmation?.mine;

  const answer = (value: ConfirmationAnswer) => {
    if (mutation.isPending || value === confirmation?.mine) return;
    mutation.mutate(
      { reportId, answer: value },
      {
        onSuccess: () => showToast(t('confirm.saved'), 'success'),
        onError: (error) =>
          showToast(error instanceof ApiError && error.fromServer ? error.message : t('confirm.failed'), 'error'),
      },
    );
  };

  return (
    <div className={styles.confirmation}>
      <ConfirmationCount confirmation={confirmation} />
      {canAnswer && (
        <div className={styles.buttons} role="group" aria-label={t('confirm.label')} data-testid="confirmation-buttons">
          {ANSWERS.map((value) => (
            <button
              key={value}
              type="button"
              className={value === 'still' ? styles.still : styles.gone}
              aria-pressed={shown === value}
              disabled={mutation.isPending}
              onClick={() => answer(value)}
              data-testid={`confirm-${value}`}
            >
              {t(value === 'still' ? 'confirm.still' : 'confirm.gone')}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
