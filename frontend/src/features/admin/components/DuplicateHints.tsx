import { t } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';
import type { Duplicate } from '../types/submission';
import styles from './admin.module.css';

interface DuplicateHintsProps {
  duplicates: Duplicate[];
  /** Absent on reviewed submissions: the hint is shown without the 統合 button. */
  onMerge?: (storeId: number) => void;
  busy?: boolean;
  /** The store a merge is being sent for. */
  mergingId?: number;
}

/** Stores with the same normalised name within 150 m; merging links the submission to one of them. */
export function DuplicateHints({ duplicates, onMerge, busy = false, mergingId }: DuplicateHintsProps) {
  if (duplicates.length === 0) return null;
  return (
    <ul className={styles.duplicates} data-testid="duplicate-hints">
      {duplicates.map(({ store, distance_m }) => (
        <li key={store.id} className={styles.duplicate}>
          <span aria-hidden="true" className={styles.warnIcon}>
            ⚠️
          </span>
          <span className={styles.duplicateText}>{t('admin.duplicate', { name: store.name, m: Math.round(distance_m) })}</span>
          {onMerge && (
            <button
              type="button"
              className={`${ui.secondary} ${styles.small}`}
              onClick={() => onMerge(store.id)}
              disabled={busy}
              aria-label={t('admin.mergeLabel', { name: store.name })}
            >
              {mergingId === store.id ? t('admin.merging') : t('admin.merge')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
