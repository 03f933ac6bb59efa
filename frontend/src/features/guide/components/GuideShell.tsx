import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/Logo';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import styles from './Guide.module.css';

/**
 * The guide's own frame: SPEC §2 hides the site header and footer on /guide pages, so
 * this bar keeps a way back (home and the guide index) always in view.
 */
export function GuideShell({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <nav className={styles.bar} aria-label={t('guide.navLabel')}>
        <Link to={paths.home.getHref()} className={styles.brand}>
          <Logo size={28} />
          <span>{t('site.title')}</span>
        </Link>
        <span className={styles.barLinks}>
          <Link to={paths.guide.getHref()} className={styles.barLink}>
            {t('guide.title')}
          </Link>
          <Link to={paths.home.getHref()} className={styles.barLink}>
            {t('common.backHome')}
          </Link>
        </span>
      </nav>
      <div className={styles.body}>{children}</div>
    </div>
  );
}
