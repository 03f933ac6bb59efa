import { useRef, type KeyboardEvent } from 'react';
import { t } from '@/i18n/ja';
import { STATUS_LABEL } from '../lib/review';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../types/submission';
import styles from './admin.module.css';

export const tabId = (status: SubmissionStatus) => `admin-tab-${status}`;
export const panelId = (status: SubmissionStatus) => `admin-panel-${status}`;

/** 審査待ち / 承認済み / 却下 as an ARIA tab list (arrow keys, Home and End move between tabs). */
export function StatusTabs({ status, onSelect }: { status: SubmissionStatus; onSelect: (next: SubmissionStatus) => void }) {
  const refs = useRef<Partial<Record<SubmissionStatus, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const keys = ['ArrowRight', 'ArrowLeft', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    event.preventDefault();
    const count = SUBMISSION_STATUSES.length;
    const index = SUBMISSION_STATUSES.indexOf(status);
    const nextIndex =
      event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : (index + (event.key === 'ArrowRight' ? 1 : -1) + count) % count;
    const next = SUBMISSION_STATUSES[nextIndex]!;
    onSelect(next);
    refs.current[next]?.focus();
  };

  return (
    <div role="tablist" aria-label={t('admin.tabs')} className={styles.tabs} onKeyDown={onKeyDown}>
      {SUBMISSION_STATUSES.map((id) => (
        <button
          key={id}
          ref={(el) => {
            refs.current[id] = el;
          }}
          type="button"
          role="tab"
          id={tabId(id)}
          aria-selected={status === id}
          aria-controls={panelId(id)}
          tabIndex={status === id ? 0 : -1}
          className={styles.tab}
          onClick={() => onSelect(id)}
        >
          {t(STATUS_LABEL[id])}
        </button>
      ))}
    </div>
  );
}
