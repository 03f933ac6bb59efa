import { lazy, Suspense, useState } from 'react';
import { tw } from '@/i18n/ja-watches';
import { useAuth } from '@/stores/auth-store';
import styles from './watches.module.css';

const WatchDialog = lazy(() => import('./WatchDialog').then((m) => ({ default: m.WatchDialog })));

/** このエリアを通知, floating over the map: signed-in users only; opens the watch dialog. */
export function WatchAreaButton() {
  const { isAuthenticated } = useAuth();
  const [open, setOpen] = useState(false);
  if (!isAuthenticated) return null;
  return (
    <>
      <button
        type="button"
        className={styles.open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="watch-area-button"
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.5L4.5 16h15L18 12.5V9a6 6 0 0 0-6-6Zm-2 15a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        <span>{tw('button.open')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <WatchDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
