import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';

export function NotFoundRoute() {
  return (
    <div className={ui.page}>
      <section className={ui.card} style={{ textAlign: 'center' }}>
        <p aria-hidden="true" style={{ fontSize: '3rem', margin: '0 0 8px', fontWeight: 800, color: 'var(--color-primary)' }}>
          404
        </p>
        <h1 className={ui.pageTitle}>{t('notFound.title')}</h1>
        <p className={ui.muted}>{t('notFound.body')}</p>
        <p style={{ marginTop: 24 }}>
          <Link to={paths.home.getHref()} className={ui.primary}>
            {t('common.backHome')}
          </Link>
        </p>
      </section>
    </div>
  );
}
