import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { RichText } from '@/components/ui/RichText';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { formatIsoDate } from '@/lib/format';
import ui from '@/styles/ui.module.css';
import type { GuideArticleMeta } from 'virtual:guide';
import { neighbours } from '../articles';
import { useGuideArticle } from '../use-guide-article';
import styles from './Guide.module.css';

/** /guide/{slug}: breadcrumbs, table of contents, the article, previous/next and home. */
export function GuideArticle({ article }: { article: GuideArticleMeta }) {
  const body = useGuideArticle(article.slug);
  const { prev, next } = neighbours(article.slug);
  return (
    <article>
      <nav aria-label={t('guide.breadcrumbs')} className={styles.crumbs}>
        <Link to={paths.home.getHref()}>{t('nav.home')}</Link>
        <span aria-hidden="true"> › </span>
        <Link to={paths.guide.getHref()}>{t('guide.title')}</Link>
      </nav>
      <h1 className={styles.title}>{article.title}</h1>
      <p className={styles.updated}>{t('guide.updated', { date: formatIsoDate(article.updated) })}</p>
      {body.isPending && <Spinner label={t('common.loading')} />}
      {body.isError && (
        <>
          <Alert type="error">{t('guide.loadError')}</Alert>
          <button type="button" className={ui.secondary} onClick={() => void body.refetch()}>
            {t('common.retry')}
          </button>
        </>
      )}
      {body.data && (
        <>
          {body.data.toc.length > 1 && (
            <nav className={styles.toc} aria-labelledby="guide-toc">
              <h2 id="guide-toc" className={styles.tocTitle}>
                {t('guide.toc')}
              </h2>
              <ol>
                {body.data.toc.map((entry) => (
                  <li key={entry.id} className={entry.level === 3 ? styles.tocSub : undefined}>
                    <a href={`#${entry.id}`}>{entry.text}</a>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          <RichText html={body.data.html} />
        </>
      )}
      <nav className={styles.pager} aria-label={t('guide.pager')}>
        {prev ? (
          <Link to={paths.guideArticle.getHref(prev.slug)} className={styles.pagerLink} rel="prev">
            <span className={styles.pagerLabel}>{t('guide.prev')}</span>
            {prev.title}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={paths.guideArticle.getHref(next.slug)} className={`${styles.pagerLink} ${styles.pagerNext}`} rel="next">
            <span className={styles.pagerLabel}>{t('guide.next')}</span>
            {next.title}
          </Link>
        ) : (
          <span />
        )}
      </nav>
      <p className={styles.homeRow}>
        <Link to={paths.guide.getHref()} className={ui.secondary}>
          {t('guide.backToIndex')}
        </Link>
        <Link to={paths.home.getHref()} className={ui.primary}>
          {t('common.backHome')}
        </Link>
      </p>
    </article>
  );
}
