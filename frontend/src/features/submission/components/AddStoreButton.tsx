import { useState } from 'react';
import { t } from '@/i18n/ja';
import { useAuth } from '@/stores/auth-store';
import { SubmissionModal } from './SubmissionModal';
import styles from './AddStoreButton.module.css';

/**
 * The floating add button (SPEC §2 Home): signed-in users only; opens the store
 * submission modal. On /map it sits higher, clear of the phone list sheet and the
 * map's attribution.
 */
export function AddStoreButton({ placement = 'page' }: { placement?: 'page' | 'map' }) {
  const { isAuthenticated } = useAuth();
  const [open, setOpen] = useState(false);
  if (!isAuthenticated) return null;
  return (
    <>
      <button
        type="button"
        className={styles.fab}
        data-placement={placement}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="add-store-button"
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
        </svg>
        <span>{t('submission.open')}</span>
      </button>
      <SubmissionModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
