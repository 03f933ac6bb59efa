import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';
import styles from './pages.module.css';

/** Placeholder until the accounts issue builds the real login page (see docs/DECISIONS.md). */
export function LoginRoute() {
  return (
    <div className={ui.page}>
      <section className={ui.card}>
        <h1 className={ui.pageTitle}>{t('login.title')}</h1>
        <p>{t('login.comingSoon')}</p>
        <p className={styles.actions}>
          <Link to={paths.map.getHref()} className={ui.primary}>
            {t('login.toMap')}
          </Link>
          <Link to={paths.home.getHref()} className={ui.secondary}>
            {t('common.backHome')}
          </Link>
        </p>
      </section>
    </div>
  );
}
