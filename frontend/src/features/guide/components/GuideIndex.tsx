import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { formatIsoDate } from '@/lib/format';
import { guideArticles } from '../articles';
import styles from './Guide.module.css';

/** /guide: every article in reading order. */
export function GuideIndex() {
  return (
    <>
      <h1 className={styles.title}>{t('guide.title')}</h1>
      <p className={styles.lead}>{t('guide.lead')}</p>
      <ol className={styles.list}>
        {guideArticles.map((a) => (
          <li key={a.slug}>
            <Link to={paths.guideArticle.getHref(a.slug)} className={styles.item}>
              <span className={styles.itemNo} aria-hidden="true">
                {a.order}
              </span>
              <span className={styles.itemText}>
                <span className={styles.itemTitle}>{a.title}</span>
                <span className={styles.itemDesc}>{a.description}</span>
                <span className={styles.updated}>{t('guide.updated', { date: formatIsoDate(a.updated) })}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
      <p className={styles.more}>
        <Link to={paths.privacyPolicy.getHref()}>{t('footer.privacy')}</Link>
      </p>
    </>
  );
}
