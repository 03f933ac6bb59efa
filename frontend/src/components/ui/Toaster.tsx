import { t } from '@/i18n/ja';
import { dismissToast, useToasts, type ToastType } from '@/stores/toast-store';
import styles from './Toaster.module.css';

const ICONS: Record<ToastType, string> = { success: '✓', error: '!', warning: '!', info: 'i' };

/** Renders the flash messages; each can be dismissed and disappears by itself. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className={styles.region} aria-live="polite" aria-label={t('common.notifications')}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`${styles.toast} ${styles[toast.type]}`}
          role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
          data-type={toast.type}
        >
          <span className={styles.icon} aria-hidden="true">
            {ICONS[toast.type]}
          </span>
          <p className={styles.text}>{toast.text}</p>
          <button
            type="button"
            className={styles.dismiss}
            onClick={() => dismissToast(toast.id)}
            aria-label={t('common.dismiss')}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
