import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { t, type MessageKey } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';
import styles from './pages.module.css';

/**
 * Pages whose features come in later issues (favourites, saved routes, my stats, admin,
 * analytics): the route, its guard and the menu links exist; the page says it is coming.
 */
export function ComingSoonRoute({ title }: { title: MessageKey }) {
  return (
    <div className={ui.page}>
      <section className={`${ui.card} ${styles.center}`}>
        <p aria-hidden="true" className={styles.soonIcon}>
          🚧
        </p>
        <h1 className={ui.pageTitle}>{t(title)}</h1>
        <p className={ui.muted}>{t('soon.body')}</p>
        <p className={styles.actions}>
          <Link to={paths.home.getHref()} className={ui.secondary}>
            {t('common.backHome')}
          </Link>
        </p>
      </section>
    </div>
  );
}
