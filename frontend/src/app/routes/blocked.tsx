import { useConfig } from '@/api/config';
import { t } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';
import styles from './pages.module.css';

export function BlockedRoute() {
  const { data: config } = useConfig();
  return (
    <div className={ui.page}>
      <section className={ui.card}>
        <h1 className={ui.pageTitle}>{t('blocked.title')}</h1>
        <p>{t('blocked.body')}</p>
        {config?.contact_url && (
          <p className={styles.actions}>
            <a href={config.contact_url} className={ui.secondary} target="_blank" rel="noopener noreferrer">
              {t('footer.contact')}
            </a>
          </p>
        )}
      </section>
    </div>
  );
}
