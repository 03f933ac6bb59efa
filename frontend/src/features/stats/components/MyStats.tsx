import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { formatNumber } from '@/lib/format';
import ui from '@/styles/ui.module.css';
import { hasNoPosts, useMyStats } from '../api/get-my-stats';
import styles from './stats.module.css';

/** Lazy: the chart's code loads only when there is a series to draw. */
const MonthlyChart = lazy(() => import('./MonthlyChart'));

function Figure({ label, value, sub, testId }: { label: string; value: string; sub?: string; testId?: string }) {
  return (
    <div className={styles.figure}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value} data-testid={testId}>
        {value}
        {sub && <span className={styles.sub}>{sub}</span>}
      </dd>
    </div>
  );
}

const rank = (n: number | null | undefined) => (n ? t('stats.rankValue', { n: formatNumber(n) }) : t('stats.rankNone'));

/** /my-stats マイ投稿統計: submissions, points, rank, reports, favourites and the last 12 months. */
export function MyStats() {
  const stats = useMyStats();

  return (
    <>
      <h1 className={ui.pageTitle}>{t('stats.title')}</h1>
      {stats.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : stats.isError ? (
        <div className={styles.state}>
          <Alert type="error">{t('stats.error')}</Alert>
          <button type="button" className={ui.secondary} onClick={() => void stats.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <>
          {hasNoPosts(stats.data) && (
            <div className={styles.empty} data-testid="stats-empty">
              <p className={styles.emptyTitle}>{t('stats.empty')}</p>
              <p className={ui.muted}>{t('stats.emptyHint')}</p>
              <Link to={paths.guideHowToPost.getHref()} className={ui.primary}>
                {t('stats.howToPost')}
              </Link>
            </div>
          )}
          <dl className={styles.figures}>
            <Figure
              label={t('stats.points')}
              value={t('stats.pointsValue', { n: formatNumber(stats.data.points.all) })}
              sub={`${t('stats.pointsMonth')} ${t('stats.pointsValue', { n: formatNumber(stats.data.points.month) })}`}
              testId="stats-points"
            />
            <Figure
              label={t('stats.rank')}
              value={rank(stats.data.rank.all)}
              sub={`${t('stats.pointsMonth')} ${rank(stats.data.rank.month)}`}
              testId="stats-rank"
            />
            <Figure
              label={t('stats.submissions')}
              value={t('common.count', { n: formatNumber(stats.data.submissions.approved) })}
              sub={`${t('stats.pending')} ${stats.data.submissions.pending}・${t('stats.rejected')} ${stats.data.submissions.rejected}`}
              testId="stats-submissions"
            />
            <Figure
              label={t('stats.reports')}
              value={t('common.count', { n: formatNumber(stats.data.purchase_reports) })}
              testId="stats-reports"
            />
            <Figure
              label={t('stats.favorites')}
              value={t('common.count', { n: formatNumber(stats.data.favorites) })}
              testId="stats-favorites"
            />
          </dl>
          {stats.data.monthly.length > 0 && (
            <section className={styles.chartSection} aria-labelledby="stats-monthly">
              <h2 id="stats-monthly" className={styles.chartTitle}>
                {t('stats.monthly')}
              </h2>
              <Suspense fallback={<Spinner label={t('common.loading')} />}>
                <MonthlyChart months={stats.data.monthly} />
              </Suspense>
            </section>
          )}
        </>
      )}
    </>
  );
}
