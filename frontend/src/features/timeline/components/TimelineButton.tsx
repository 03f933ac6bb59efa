import { useState, type ReactNode } from 'react';
import { t } from '@/i18n/ja';
import { TimelineDialog } from './TimelineDialog';
import styles from './TimelineButton.module.css';

function ClipIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M16.5 6.5v10.1a4.5 4.5 0 0 1-9 0V5.8a3 3 0 0 1 6 0v10.3a1.5 1.5 0 0 1-3 0V7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The clip button that opens the latest purchase reports. */
export function TimelineButton({ children }: { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.button}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={children ? undefined : t('home.timelineButton')}
      >
        <span className={styles.icon}>
          <ClipIcon />
        </span>
        {children}
      </button>
      <TimelineDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
