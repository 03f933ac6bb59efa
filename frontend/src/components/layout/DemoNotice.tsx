import { useConfig } from '@/api/config';
import { t } from '@/i18n/ja';
import styles from './DemoNotice.module.css';

/** Shown while the server serves its demo dataset (PRODUCT §7). */
export function DemoNotice() {
  const { data } = useConfig();
  if (!data?.demo_data) return null;
  return (
    <div className={styles.notice} role="note">
      <span className={styles.badge}>{t('site.demoBadge')}</span>
      <span>{t('site.demoNotice')}</span>
    </div>
  );
}
