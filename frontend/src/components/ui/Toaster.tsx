import { t } from '@/i18n/ja';
import { dismissToast, useToasts, type ToastType } from '@/stores/toast-store';
import styles from './Toaster.module.css';

const ICONS: Record<ToastType, string> = { success: '✓', error: '!', warning: '!', info: 'i' };

/**
 * Renders the flash messages; each can be dismissed and disappears by itself. They sit at
 * the bottom of the screen, so they never cover the header's menus or the demo notice at
 * the top (on /map: above the list sheet's handle and the add button).
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <section className={styles.region} aria-live="polite" aria-label={t('common.notifications')} data-testid="toasts">
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
    </section>
  );
}
