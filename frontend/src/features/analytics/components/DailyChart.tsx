import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AnalyticsDay } from '../api/get-analytics';
import styles from './analytics.module.css';

export interface ChartSeries {
  key: keyof Omit<AnalyticsDay, 'date'>;
  label: string;
  color: string;
}

const HEIGHT_PX = 220;

/** "2026-11-23" → seconds (the x axis is UTC dates, shown as M/D). */
function toSeconds(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000;
}

function dayTick(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}`;
}

/**
 * One daily line chart (uPlot, canvas; loaded with this chunk only on /admin/analytics).
 * The numbers are also in the page's daily table, which screen readers use instead.
 */
export default function DailyChart({ days, series, label }: { days: AnalyticsDay[]; series: ChartSeries[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [days.map((d) => toSeconds(d.date)), ...series.map((s) => days.map((d) => d[s.key]))];
    const plot = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: HEIGHT_PX,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { values: (_u, splits) => splits.map(dayTick), stroke: '#56606b', grid: { stroke: '#eef0f3' } },
          { stroke: '#56606b', grid: { stroke: '#eef0f3' }, size: 48 },
        ],
        series: [
          { value: (_u, v) => (v == null ? '' : dayTick(v)) },
          ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: days.length <= 31 } })),
        ],
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height: HEIGHT_PX }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series]);
  return <div ref={box} className={styles.chart} role="img" aria-label={label} data-testid="analytics-chart" />;
}
