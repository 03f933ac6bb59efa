import { t } from '@/i18n/ja';
import type { StoreActivity } from '@/api/stores';
import styles from './ActivityChart.module.css';

const WEEKDAY_COUNT = 7;
const HOUR_COUNT = 24;
const CHART_HEIGHT = 56;
const LABEL_HEIGHT = 16;
const HOUR_TICKS = [0, 6, 12, 18];

function BarChart({
  values,
  width,
  label,
  barTitle,
  tick,
  testId,
}: {
  values: number[];
  width: number;
  label: string;
  barTitle: (index: number, value: number) => string;
  tick: (index: number) => string | null;
  testId: string;
}) {
  const max = Math.max(1, ...values);
  const slot = width / values.length;
  const barWidth = Math.max(2, slot * 0.7);
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${width} ${CHART_HEIGHT + LABEL_HEIGHT}`}
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      {values.map((value, i) => {
        const h = (value / max) * (CHART_HEIGHT - 2);
        const x = i * slot + (slot - barWidth) / 2;
        const text = tick(i);
        return (
          <g key={i}>
            <rect className={styles.track} x={x} y={0} width={barWidth} height={CHART_HEIGHT} rx={2} />
            <rect className={styles.bar} x={x} y={CHART_HEIGHT - h} width={barWidth} height={h} rx={2}>
              <title>{barTitle(i, value)}</title>
            </rect>
            {text && (
              <text
                className={styles.tick}
                x={i === 0 && values.length > WEEKDAY_COUNT ? x : i * slot + slot / 2}
                y={CHART_HEIGHT + LABEL_HEIGHT - 3}
                textAnchor={i === 0 && values.length > WEEKDAY_COUNT ? 'start' : 'middle'}
              >
                {text}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/**
 * "When are things bought here": purchase reports of the last `days` days by weekday and by
 * hour (Japan time), as two tiny SVG bar charts (no chart library). Lazy-loaded by the sheet.
 */
export default function ActivityChart({ activity }: { activity: StoreActivity }) {
  const weekdays = t('sheet.weekdays').split(',');
  const byWeekday = Array.from({ length: WEEKDAY_COUNT }, (_, i) => activity.by_weekday[i] ?? 0);
  const byHour = Array.from({ length: HOUR_COUNT }, (_, i) => activity.by_hour[i] ?? 0);
  const total = byWeekday.reduce((a, b) => a + b, 0);

  if (total === 0) return <p className={styles.empty}>{t('sheet.activityEmpty', { days: activity.days })}</p>;

  return (
    <div className={styles.wrap}>
      <p className={styles.caption}>{t('sheet.activityDays', { days: activity.days })}</p>
      <div className={styles.charts}>
        <figure className={styles.figure}>
          <figcaption className={styles.figcaption}>{t('sheet.byWeekday')}</figcaption>
          <BarChart
            values={byWeekday}
            width={140}
            label={byWeekday.map((n, i) => t('sheet.weekdayCount', { day: weekdays[i] ?? '', n })).join('、')}
            barTitle={(i, n) => t('sheet.weekdayCount', { day: weekdays[i] ?? '', n })}
            tick={(i) => weekdays[i] ?? null}
            testId="activity-weekday"
          />
        </figure>
        <figure className={styles.figure}>
          <figcaption className={styles.figcaption}>{t('sheet.byHour')}</figcaption>
          <BarChart
            values={byHour}
            width={192}
            label={byHour
              .map((n, h) => (n > 0 ? t('sheet.hourCount', { h, n }) : null))
              .filter(Boolean)
              .join('、')}
            barTitle={(h, n) => t('sheet.hourCount', { h, n })}
            tick={(h) => (HOUR_TICKS.includes(h) ? t('sheet.hourTick', { h }) : null)}
            testId="activity-hour"
          />
        </figure>
      </div>
    </div>
  );
}
