import { t } from '@/i18n/ja';
import { applyUpdate, updateStore } from '@/lib/service-worker';
import { useStore } from '@/stores/create-store';
import ui from '@/styles/ui.module.css';
import styles from './UpdatePrompt.module.css';

/** A new version is installed: it takes over on the next visit, or now with this button. */
export function UpdatePrompt() {
  const { waiting } = useStore(updateStore);
  if (!waiting) return null;
  return (
    <div className={styles.prompt} role="status">
      <span className={styles.text}>{t('update.available')}</span>
      <button type="button" className={ui.primary} onClick={applyUpdate}>
        {t('update.apply')}
      </button>
      <button type="button" className={styles.close} aria-label={t('update.later')} onClick={() => updateStore.set({ waiting: null })}>
        ×
      </button>
    </div>
  );
}
