import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { CurrentLocationButton } from './CurrentLocationButton';
import { DataCount } from './DataCount';
import styles from './HomeHero.module.css';

/** Title, data total and the two actions. `extraActions` is where the app puts the timeline clip. */
export function HomeHero({ extraActions }: { extraActions?: ReactNode }) {
  return (
    <section className={styles.hero}>
      <div className={styles.inner}>
        <h1 className={styles.heading}>{t('home.heading')}</h1>
        <p className={styles.tagline}>{t('site.tagline')}</p>
        <DataCount />
        <div className={styles.actions}>
          <CurrentLocationButton />
          {extraActions}
        </div>
        <p className={styles.guide}>
          {t('home.lotteriesLead')}
          <Link to={paths.lotteries.getHref()} className={styles.guideLink}>
            {t('home.lotteriesLink')}
          </Link>
        </p>
        <p className={styles.guide}>
          {t('home.guideLead')}
          <Link to={paths.guide.getHref()} className={styles.guideLink}>
            {t('home.guideLink')}
          </Link>
        </p>
      </div>
    </section>
  );
}
