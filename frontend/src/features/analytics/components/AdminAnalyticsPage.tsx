import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useStoreTypes } from '@/api/initial-data';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { t } from '@/i18n/ja';
import { ta, type AnalyticsMessageKey } from '@/i18n/ja-analytics';
import { formatNumber } from '@/lib/format';
import { formatRelativeTime } from '@/lib/relative-time';
import ui from '@/styles/ui.module.css';
import { useAnalytics, type Analytics, type AnalyticsDay } from '../api/get-analytics';
import {
  CSV_COLUMNS,
  MAX_RANGE_DAYS,
  RANGE_PRESETS,
  dailyCsv,
  downloadText,
  isValidRange,
  rangeFromParams,
  type DateRange,
} from '../lib/range';
import { DailyChart, type ChartSeries } from './DailyChart';
import styles from './analytics.module.css';

const TRAFFIC_SERIES: ChartSeries[] = [
  { key: 'page_views', label: ta('col.page_views'), color: '#d42a3c' },
  { key: 'visitors', label: ta('col.visitors'), color: '#1d5fa8' },
];
const ACTIVITY_SERIES: ChartSeries[] = [
  { key: 'signups', label: ta('col.signups'), color: '#1d5fa8' },
  { key: 'submissions', label: ta('col.submissions'), color: '#8a5a00' },
  { key: 'approvals', label: ta('col.approvals'), color: '#1e7d45' },
  { key: 'rejections', label: ta('col.rejections'), color: '#b3261e' },
  { key: 'purchase_reports', label: ta('col.purchase_reports'), color: '#7b3fa0' },
];

function sum(days: readonly AnalyticsDay[], key: keyof Omit<AnalyticsDay, 'date'>): number {
  return days.reduce((total, d) => total + d[key], 0);
}

/** /admin/analytics: the date-range picker, daily charts, top lists and the CSV of the daily table. */
export function AdminAnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params);
  const query = useAnalytics(range.from, range.to);

  const choose = (next: DateRange) =>
    setParams(next.preset === 'custom' ? { from: next.from, to: next.to } : { range: String(next.preset) }, { replace: true });

  return (
    <div className={styles.page}>
      <h2 className={styles.title}>{ta('title')}</h2>
      <RangePicker range={range} onChoose={choose} />
      {query.isError ? (
        <Alert type="error">{query.error.message || ta('loadFailed')}</Alert>
      ) : !query.data ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <Dashboard data={query.data} />
      )}
    </div>
  );
}

function RangePicker({ range, onChoose }: { range: DateRange; onChoose: (r: DateRange) => void }) {
  const [custom, setCustom] = useState(range.preset === 'custom');
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isValidRange(from, to)) {
      setError(ta('badRange', { max: MAX_RANGE_DAYS }));
      return;
    }
    setError('');
    onChoose({ preset: 'custom', from, to });
  };

  return (
    <div className={styles.picker}>
      <div className={styles.presets} role="group" aria-label={ta('range')}>
        {RANGE_PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className={styles.preset}
            aria-pressed={!custom && range.preset === days}
            onClick={() => {
              setCustom(false);
              setError('');
              onChoose({ preset: days, from: range.from, to: range.to });
            }}
          >
            {ta('lastDays', { n: days })}
          </button>
        ))}
        <button type="button" className={styles.preset} aria-pressed={custom} onClick={() => setCustom(true)}>
          {ta('custom')}
        </button>
      </div>
      {custom && (
        <form className={styles.custom} onSubmit={submit} noValidate>
          <label>
            {ta('from')}
            <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
          </label>
          <label>
            {ta('to')}
            <input type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
          </label>
          <button type="submit" className={ui.secondary}>
            {ta('apply')}
          </button>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}

function Dashboard({ data }: { data: Analytics }) {
  const storeTypes = useStoreTypes();
  const { days } = data;
  const cards: Array<{ label: AnalyticsMessageKey; value: number; note?: string }> = [
    { label: 'col.page_views', value: sum(days, 'page_views') },
    { label: 'col.visitors', value: sum(days, 'visitors'), note: ta('visitorsNote') },
    { label: 'col.signups', value: sum(days, 'signups') },
    { label: 'col.submissions', value: sum(days, 'submissions') },
    { label: 'col.approvals', value: sum(days, 'approvals') },
    { label: 'col.rejections', value: sum(days, 'rejections') },
    { label: 'col.purchase_reports', value: sum(days, 'purchase_reports') },
    { label: 'col.bot_views', value: sum(days, 'bot_views') },
    {
      label: 'pending',
      value: data.queue.pending,
      note: data.queue.oldest_at ? ta('oldest', { age: formatRelativeTime(data.queue.oldest_at) }) : undefined,
    },
  ];
  return (
    <>
      <p className={styles.note}>{ta('period', { from: data.from, to: data.to, n: days.length })}</p>
      <ul className={styles.cards} data-testid="analytics-cards">
        {cards.map((c) => (
          <li key={c.label} className={styles.card}>
            <span className={styles.cardLabel}>{ta(c.label)}</span>
            <span className={styles.cardValue}>{formatNumber(c.value)}</span>
            {c.note && <span className={styles.cardNote}>{c.note}</span>}
          </li>
        ))}
      </ul>
      <div className={styles.grid}>
        <section className={styles.section}>
          <h2 className={styles.sectionTitle}>{ta('trafficChart')}</h2>
          <DailyChart days={days} series={TRAFFIC_SERIES} label={ta('trafficChart')} />
        </section>
        <section className={styles.section}>
          <h2 className={styles.sectionTitle}>{ta('activityChart')}</h2>
          <DailyChart days={days} series={ACTIVITY_SERIES} label={ta('activityChart')} />
        </section>
        <CountTable
          title={ta('topPages')}
          head={[ta('pathCol'), ta('col.page_views')]}
          rows={data.top_pages.map((p) => [p.path, p.views])}
          testId="analytics-top-pages"
        />
        <CountTable
          title={ta('topPrefecturesByViews')}
          head={[ta('prefectureCol'), ta('mapViewsCol')]}
          rows={data.top_prefectures_by_views.map((p) => [p.name, p.count])}
          testId="analytics-top-prefectures-views"
        />
        <CountTable
          title={ta('topPrefecturesByReports')}
          head={[ta('prefectureCol'), ta('col.purchase_reports')]}
          rows={data.top_prefectures_by_reports.map((p) => [p.name, p.count])}
          testId="analytics-top-prefectures-reports"
        />
        <CountTable
          title={ta('storesByType')}
          head={[ta('typeCol'), ta('storesCol')]}
          rows={data.stores_by_type.map((s) => [storeTypes.get(s.store_type)?.label ?? s.store_type, s.count])}
          testId="analytics-stores-type"
        />
        <CountTable
          title={ta('storesBySource')}
          head={[ta('sourceCol'), ta('storesCol')]}
          rows={data.stores_by_source.map((s) => [sourceLabel(s.source), s.count])}
          testId="analytics-stores-source"
        />
      </div>
      <DailyTable data={data} />
    </>
  );
}

function sourceLabel(source: string): string {
  switch (source) {
    case 'demo':
      return ta('source.demo');
    case 'import':
      return ta('source.import');
    case 'submission':
      return ta('source.submission');
    default:
      return source;
  }
}

function CountTable({
  title,
  head,
  rows,
  testId,
}: {
  title: string;
  head: [string, string];
  rows: Array<[string, number]>;
  testId: string;
}) {
  return (
    <section className={styles.section} data-testid={testId}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {rows.length === 0 ? (
        <p className={styles.empty}>{ta('noData')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{head[0]}</th>
              <th scope="col">{head[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, count]) => (
              <tr key={name}>
                <td>{name}</td>
                <td>{formatNumber(count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function DailyTable({ data }: { data: Analytics }) {
  const newestFirst = [...data.days].reverse();
  return (
    <section className={styles.section}>
      <div className={styles.tableHeader}>
        <h2 className={styles.sectionTitle}>{ta('dailyTable')}</h2>
        <button
          type="button"
          className={ui.secondary}
          onClick={() => downloadText(dailyCsv(data.days), `analytics-${data.from}_${data.to}.csv`)}
        >
          {ta('downloadCsv')}
        </button>
      </div>
      {/* A wide table scrolls sideways on a phone: the region takes focus so keys can scroll it too. */}
      <div className={styles.scroll} tabIndex={0} role="region" aria-label={ta('dailyTable')}>
        <table className={`${styles.table} ${styles.daily}`} data-testid="analytics-daily">
          <thead>
            <tr>
              {CSV_COLUMNS.map(([key, label]) => (
                <th key={key} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {newestFirst.map((day) => (
              <tr key={day.date}>
                {CSV_COLUMNS.map(([key]) => (
                  <td key={key}>{key === 'date' ? day.date : formatNumber(day[key] as number)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
