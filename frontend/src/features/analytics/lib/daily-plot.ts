import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AnalyticsDay } from '../api/get-analytics';

/**
 * Draws the daily line charts with uPlot (canvas, ~50 KB): its own chunk, loaded by
 * DailyChart on /admin/analytics only.
 */

export interface ChartSeries {
  key: keyof Omit<AnalyticsDay, 'date'>;
  label: string;
  color: string;
}

const HEIGHT_PX = 220;
const MIN_WIDTH_PX = 280;

/** "2026-11-23" → seconds (the x axis is UTC dates, shown as M/D). */
function toSeconds(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000;
}

function dayTick(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}`;
}

/** Draws into `el`, following its width; returns the clean-up. */
export function drawDailyChart(
  el: HTMLElement,
  days: AnalyticsDay[],
  series: ChartSeries[],
  dateLabel: string,
): () => void {
  const data: uPlot.AlignedData = [days.map((d) => toSeconds(d.date)), ...series.map((s) => days.map((d) => d[s.key]))];
  const width = () => Math.max(MIN_WIDTH_PX, el.clientWidth);
  const plot = new uPlot(
    {
      width: width(),
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
        { label: dateLabel, value: (_u, v) => (v == null ? '' : dayTick(v)) },
        ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: days.length <= 31 } })),
      ],
    },
    data,
    el,
  );
  const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT_PX }));
  resize.observe(el);
  return () => {
    resize.disconnect();
    plot.destroy();
  };
}
