import { useEffect, useRef } from 'react';
import { ta } from '@/i18n/ja-analytics';
import type { AnalyticsDay } from '../api/get-analytics';
import type { ChartSeries } from '../lib/daily-plot';
import styles from './analytics.module.css';

export type { ChartSeries };

/**
 * One daily line chart. uPlot (lib/daily-plot.ts) is loaded on first use, on this route
 * only; the numbers are also in the page's daily table, which screen readers use instead.
 */
export function DailyChart({ days, series, label }: { days: AnalyticsDay[]; series: ChartSeries[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cleanUp: (() => void) | undefined;
    let cancelled = false;
    import('../lib/daily-plot')
      .then((m) => {
        if (!cancelled) cleanUp = m.drawDailyChart(el, days, series, ta('col.date'));
      })
      .catch(() => undefined); // the table below has the same numbers
    return () => {
      cancelled = true;
      cleanUp?.();
    };
  }, [days, series]);
  return <div ref={box} className={styles.chart} role="img" aria-label={label} data-testid="analytics-chart" />;
}
