import { t } from '@/i18n/ja';
import { formatNumber } from '@/lib/format';
import type { MonthStats } from '../api/get-my-stats';
import styles from './stats.module.css';

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { top: 16, right: 40, bottom: 28, left: 44 };

/** "2026-03" → { year: 2026, month: 3 }. */
function parseMonth(key: string): { year: number; month: number } {
  const [y, m] = key.split('-');
  return { year: Number(y), month: Number(m) };
}

/**
 * The 12-month series as one SVG (no chart library; lazy-loaded by /my-stats): points as
 * bars on the left scale, purchase reports as a line on the right scale. A table with the
 * same numbers is there for screen readers.
 */
export default function MonthlyChart({ months }: { months: MonthStats[] }) {
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const maxPoints = Math.max(1, ...months.map((m) => m.points));
  const maxReports = Math.max(1, ...months.map((m) => m.reports));
  const slot = plotW / months.length;
  const barW = slot * 0.56;
  const y = (value: number, max: number) => PAD.top + plotH - (value / max) * plotH;
  const line = months
    .map((m, i) => `${i === 0 ? 'M' : 'L'}${(PAD.left + i * slot + slot / 2).toFixed(1)},${y(m.reports, maxReports).toFixed(1)}`)
    .join(' ');

  return (
    <figure className={styles.chartFigure}>
      <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" data-testid="stats-chart">
        {[0, 0.5, 1].map((f) => (
          <line key={f} className={styles.grid} x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotH * (1 - f)} y2={PAD.top + plotH * (1 - f)} />
        ))}
        <text className={styles.axisPoints} x={PAD.left - 6} y={PAD.top + 4} textAnchor="end">
          {formatNumber(maxPoints)}
        </text>
        <text className={styles.axisPoints} x={PAD.left - 6} y={PAD.top + plotH + 4} textAnchor="end">
          0
        </text>
        <text className={styles.axisReports} x={WIDTH - PAD.right + 6} y={PAD.top + 4}>
          {formatNumber(maxReports)}
        </text>
        {months.map((m, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const top = y(m.points, maxPoints);
          return (
            <g key={m.month}>
              <rect className={styles.barPoints} x={x} y={top} width={barW} height={PAD.top + plotH - top} rx={3} />
              {/* Phones label every other month (counted back from the current one), so the labels never touch. */}
              <text
                className={(months.length - 1 - i) % 2 === 1 ? `${styles.tick} ${styles.tickMinor}` : styles.tick}
                x={PAD.left + i * slot + slot / 2}
                y={HEIGHT - 8}
                textAnchor="middle"
              >
                {t('stats.monthTick', { m: parseMonth(m.month).month })}
              </text>
            </g>
          );
        })}
        <path className={styles.lineReports} d={line} />
        {months.map((m, i) => (
          <circle key={m.month} className={styles.dotReports} cx={PAD.left + i * slot + slot / 2} cy={y(m.reports, maxReports)} r={3.5} />
        ))}
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.legendPoints}>{t('stats.legendPoints')}</span>
        <span className={styles.legendReports}>{t('stats.legendReports')}</span>
      </figcaption>
      <table className="visually-hidden">
        <caption>{t('stats.chartLabel')}</caption>
        <tbody>
          {months.map((m) => {
            const { year, month } = parseMonth(m.month);
            return (
              <tr key={m.month}>
                <td>{t('stats.monthSummary', { year, m: month, points: m.points, reports: m.reports })}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </figure>
  );
}
