import { t, type MessageKey } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';
import styles from './pages.module.css';

const SECTIONS = [1, 2, 3, 4, 5, 6] as const;

export function PrivacyPolicyRoute() {
  return (
    <div className={ui.page}>
      <article className={ui.card}>
        <h1 className={ui.pageTitle}>{t('privacy.title')}</h1>
        <p>{t('privacy.intro')}</p>
        {SECTIONS.map((n) => (
          <section key={n}>
            <h2 className={styles.sectionTitle}>{t(`privacy.s${n}.title` as MessageKey)}</h2>
            <p className={styles.sectionBody}>{t(`privacy.s${n}.body` as MessageKey)}</p>
          </section>
        ))}
        <p className={`${ui.muted} ${styles.updated}`}>
          {t('privacy.updated')}
        </p>
      </article>
    </div>
  );
}
