import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/hooks/use-page-meta';
import { t } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';
import styles from './pages.module.css';

export function NotFoundRoute() {
  usePageMeta({ title: t('notFound.title'), noindex: true });
  return (
    <div className={ui.page}>
      <section className={`${ui.card} ${styles.center}`}>
        <p aria-hidden="true" className={styles.code}>
          404
        </p>
        <h1 className={ui.pageTitle}>{t('notFound.title')}</h1>
        <p className={ui.muted}>{t('notFound.body')}</p>
        <p className={styles.actions}>
          <Link to={paths.home.getHref()} className={ui.primary}>
            {t('common.backHome')}
          </Link>
        </p>
      </section>
    </div>
  );
}
