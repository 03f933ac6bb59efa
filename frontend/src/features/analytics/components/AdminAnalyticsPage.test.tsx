import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInForTest } from '@/testing/fixtures';
import { jsonResponse, mockApi, renderWithProviders } from '@/testing/test-utils';
import { dailyCsv, todayInJapan, addDays } from '../lib/range';
import { AdminAnalyticsPage } from '../index';

// uPlot draws on a canvas, which jsdom has not; the chart is checked in the browser (e2e).
const drawn = vi.hoisted(() => [] as number[]);
vi.mock('../lib/daily-plot', () => ({
  drawDailyChart: (_el: HTMLElement, days: unknown[]) => {
    drawn.push(days.length);
    return () => undefined;
  },
}));

const day = (date: string, page_views: number, extra: Partial<Record<string, number>> = {}) => ({
  date,
  page_views,
  visitors: Math.ceil(page_views / 2),
  bot_views: 1,
  signups: 0,
  submissions: 0,
  approvals: 0,
  rejections: 0,
  purchase_reports: 0,
  ...extra,
});

function answer(from: string, to: string) {
  return {
    success: true,
    from,
    to,
    days: [day(from, 10, { signups: 2 }), day(to, 4, { purchase_reports: 3 })],
    top_pages: [
      { path: '/map', views: 9 },
      { path: '/', views: 5 },
    ],
    top_prefectures_by_reports: [{ prefecture: 'osaka', name: '大阪府', count: 3 }],
    top_prefectures_by_views: [{ prefecture: 'tokyo', name: '東京都', count: 7 }],
    stores_by_type: [{ store_type: 'card_shop', count: 120 }],
    stores_by_source: [{ source: 'import', count: 100 }, { source: 'submission', count: 20 }],
    queue: { pending: 4, oldest_at: new Date(Date.now() - 3 * 3600_000).toISOString() },
  };
}

function mockAnalytics() {
  return mockApi({
    '/api/v1/admin/analytics': (url) =>
      jsonResponse(answer(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? '')),
  });
}

const queried = (calls: ReturnType<typeof mockApi>) =>
  calls.mock.calls.map(([path]) => path).filter((p) => p.startsWith('/api/v1/admin/analytics'));

describe('/admin/analytics アナリティクス', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the last 30 days, then the range the picker chooses', async () => {
    signInForTest();
    const calls = mockAnalytics();
    renderWithProviders(<AdminAnalyticsPage />, { route: '/admin/analytics' });
    const today = todayInJapan();
    await screen.findByTestId('analytics-cards');
    expect(queried(calls)).toEqual([`/api/v1/admin/analytics?from=${addDays(today, -29)}&to=${today}`]);
    expect(screen.getByRole('button', { name: '30日' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: '7日' }));
    await waitFor(() => expect(queried(calls)).toContain(`/api/v1/admin/analytics?from=${addDays(today, -6)}&to=${today}`));
    expect(screen.getByRole('button', { name: '7日' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: '期間指定' }));
    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2025-12-01' } });
    await userEvent.click(screen.getByRole('button', { name: '表示' }));
    expect(screen.getByRole('alert')).toHaveTextContent('開始日は終了日以前');
    fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-03-31' } });
    await userEvent.click(screen.getByRole('button', { name: '表示' }));
    await waitFor(() => expect(queried(calls)).toContain('/api/v1/admin/analytics?from=2026-01-01&to=2026-03-31'));
    expect(await screen.findByText('2026-01-01 〜 2026-03-31（2日間・日本時間）')).toBeInTheDocument();
  });

  it('shows the totals, lists, queue and the daily table, and downloads it as CSV with a BOM', async () => {
    signInForTest();
    mockAnalytics();
    renderWithProviders(<AdminAnalyticsPage />, { route: '/admin/analytics?from=2026-11-01&to=2026-11-02' });
    const cards = await screen.findByTestId('analytics-cards');
    expect(within(cards).getByText('ページビュー').nextSibling).toHaveTextContent('14');
    expect(within(cards).getByText('審査待ち').parentElement).toHaveTextContent('最も古い投稿: 3時間前');
    expect(screen.getByTestId('analytics-top-pages')).toHaveTextContent('/map9');
    expect(screen.getByTestId('analytics-top-prefectures-views')).toHaveTextContent('東京都7');
    expect(screen.getByTestId('analytics-top-prefectures-reports')).toHaveTextContent('大阪府3');
    expect(screen.getByTestId('analytics-stores-source')).toHaveTextContent('インポート100');
    expect(await screen.findAllByTestId('analytics-chart')).toHaveLength(2);
    await waitFor(() => expect(drawn).toContain(2)); // both charts drawn with the two days
    const rows = within(screen.getByTestId('analytics-daily')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('2026-11-02'); // newest first
    expect(rows[2]).toHaveTextContent(/^2026-11-01105120000$/);

    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'CSVをダウンロード' }));
    expect(click).toHaveBeenCalled();
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(saved!);
    });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 BOM Excel looks for
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')).toEqual([
      '日付,ページビュー,訪問者数,ボットの閲覧,新規登録,店舗投稿,承認,却下,購入報告',
      '2026-11-01,10,5,1,2,0,0,0,0',
      '2026-11-02,4,2,1,0,0,0,0,3',
      '',
    ]);
  });

  it('dailyCsv keeps the days in order', () => {
    expect(dailyCsv([day('2026-01-01', 1)])).toBe(
      '\uFEFF日付,ページビュー,訪問者数,ボットの閲覧,新規登録,店舗投稿,承認,却下,購入報告\r\n2026-01-01,1,1,1,0,0,0,0,0\r\n',
    );
  });
});
