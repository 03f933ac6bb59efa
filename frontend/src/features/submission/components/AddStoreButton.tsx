import { lazy, Suspense, useEffect, useState } from 'react';
import { t } from '@/i18n/ja';
import { useAuth } from '@/stores/auth-store';
import styles from './AddStoreButton.module.css';

/** The modal is for signed-in users only: its code stays out of the first page load. */
const loadModal = () => import('./SubmissionModal');
const SubmissionModal = lazy(() => loadModal().then((m) => ({ default: m.SubmissionModal })));

/**
 * The floating add button (SPEC §2 Home): signed-in users only; opens the store
 * submission modal. `page`: fixed at the viewport's bottom right (on phones a full-width
 * bar at the bottom, so it never sits on part of a control, e.g. the home page's region
 * dropdowns); `inline`: placed by its container; `toolbar`: a compact button in a header row
 * (the map's list panel, where it covers neither markers nor rows).
 */
export function AddStoreButton({ placement = 'page' }: { placement?: 'page' | 'inline' | 'toolbar' }) {
  const { isAuthenticated } = useAuth();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // Fetched as soon as the button shows, so the first tap opens at once.
    if (isAuthenticated) void loadModal();
  }, [isAuthenticated]);
  if (!isAuthenticated) return null;
  const button = (
    <button
      type="button"
      className={styles.fab}
      data-placement={placement}
      aria-label={placement === 'toolbar' ? t('submission.open') : undefined}
      aria-haspopup="dialog"
      onClick={() => setOpen(true)}
      data-testid="add-store-button"
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
      </svg>
      {placement === 'toolbar' ? (
        <>
          {/* A phone's header row has room for a short label (the button's name stays 店舗を投稿). */}
          <span className={styles.long}>{t('submission.open')}</span>
          <span className={styles.short}>{t('submission.openShort')}</span>
        </>
      ) : (
        <span>{t('submission.open')}</span>
      )}
    </button>
  );
  return (
    <>
      {placement === 'page' ? <div className={styles.bar}>{button}</div> : button}
      {open && (
        <Suspense fallback={null}>
          <SubmissionModal open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
