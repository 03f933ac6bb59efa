import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { formatNumber } from '@/lib/format';
import ui from '@/styles/ui.module.css';
import { hasNoPosts, useMyStats, type OwnSubmission } from '../api/get-my-stats';
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
            {/* Right after posting the pending count matters most: it stands beside the approved one. */}
            <div className={`${styles.figure} ${styles.wide}`}>
              <dt className={styles.label}>{t('stats.submissions')}</dt>
              <dd className={styles.pair} data-testid="stats-submissions">
                <span className={styles.pairValue}>{t('stats.approvedCount', { n: formatNumber(stats.data.submissions.approved) })}</span>
                <span className={styles.pairValue} data-testid="stats-pending">
                  {t('stats.pendingCount', { n: formatNumber(stats.data.submissions.pending) })}
                </span>
                <span className={styles.sub}>{t('stats.rejectedCount', { n: formatNumber(stats.data.submissions.rejected) })}</span>
              </dd>
            </div>
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
          {stats.data.submissions_list.length > 0 && <SubmissionList items={stats.data.submissions_list} />}
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

const STATUS_LABEL = { pending: 'stats.pending', approved: 'stats.approved', rejected: 'stats.rejected' } as const;

function day(iso: string): string {
  return new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric', day: 'numeric' }).format(new Date(iso));
}

/** My submissions, newest first: state, dates, points earned, and why one was not approved. */
function SubmissionList({ items }: { items: OwnSubmission[] }) {
  return (
    <section className={styles.listSection} aria-labelledby="stats-submission-list">
      <h2 id="stats-submission-list" className={styles.chartTitle}>
        {t('stats.listTitle')}
      </h2>
      <p className={ui.muted}>{t('stats.listHint')}</p>
      <ul className={styles.list} data-testid="stats-submission-list">
        {items.map((s) => (
          <li key={s.id} className={styles.item} data-status={s.status} data-testid="stats-submission">
            <div className={styles.itemHead}>
              <span className={styles.itemName}>{s.store_name}</span>
              <span className={styles.badge} data-status={s.status}>
                {t(STATUS_LABEL[s.status])}
              </span>
            </div>
            <p className={styles.itemMeta}>
              <span>{t('stats.postedAt', { date: day(s.created_at) })}</span>
              {s.reviewed_at && <span>{t('stats.reviewedAt', { date: day(s.reviewed_at) })}</span>}
              {s.status === 'approved' && <span className={styles.earned}>{t('stats.earned', { n: formatNumber(s.points) })}</span>}
              {s.status === 'approved' && s.store_id != null && (
                <Link to={paths.map.getHref({ store: s.store_id })}>{t('stats.openOnMap')}</Link>
              )}
            </p>
            {s.status === 'rejected' && s.reject_reason && (
              <p className={styles.reason}>{t('stats.rejectReason', { reason: s.reject_reason })}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
