import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInForTest } from '@/testing/fixtures';
import { jsonResponse, renderWithProviders, mockApi } from '@/testing/test-utils';
import { MyStats } from './MyStats';

const months = (values: Array<[number, number]>) =>
  values.map(([points, reports], i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, points, reports }));

const stats = {
  submissions: { pending: 1, approved: 3, rejected: 1 },
  points: { all: 1234, month: 15 },
  rank: { all: 12, month: null },
  purchase_reports: 7,
  favorites: 4,
  monthly: months([[0, 0], [0, 0], [5, 1], [0, 0], [0, 0], [0, 0], [0, 0], [10, 2], [0, 0], [0, 0], [5, 1], [15, 3]]),
};

describe('/my-stats マイ投稿統計', { timeout: 20_000 }, () => {
  it('shows the numbers and the lazy chart of the 12 months', async () => {
    signInForTest();
    mockApi({ '/api/v1/users/stats': () => jsonResponse({ success: true, stats }) });
    renderWithProviders(<MyStats />, { route: '/my-stats' });
    expect(await screen.findByTestId('stats-points')).toHaveTextContent('1,234pt');
    expect(screen.getByTestId('stats-points')).toHaveTextContent('今月 15pt');
    expect(screen.getByTestId('stats-rank')).toHaveTextContent('12位');
    expect(screen.getByTestId('stats-rank')).toHaveTextContent('今月 圏外');
    expect(screen.getByTestId('stats-submissions')).toHaveTextContent('3件');
    expect(screen.getByTestId('stats-submissions')).toHaveTextContent('審査中 1・非承認 1');
    expect(screen.getByTestId('stats-reports')).toHaveTextContent('7件');
    expect(screen.getByTestId('stats-favorites')).toHaveTextContent('4件');
    expect(screen.queryByTestId('stats-empty')).not.toBeInTheDocument();
    const chart = await screen.findByTestId('stats-chart', {}, { timeout: 5000 });
    expect(chart.querySelectorAll('rect')).toHaveLength(12);
    expect(within(chart).getByText('12月')).toBeInTheDocument();
    expect(screen.getByText('2026年12月: 15pt、購入報告3件')).toBeInTheDocument();
  });

  it('tells a new user まだ投稿がありません with a link to how to post', async () => {
    signInForTest();
    mockApi({
      '/api/v1/users/stats': () =>
        jsonResponse({
          success: true,
          stats: {
            ...stats,
            submissions: { pending: 0, approved: 0, rejected: 0 },
            points: { all: 0, month: 0 },
            rank: { all: null, month: null },
            purchase_reports: 0,
            favorites: 0,
            monthly: months(Array.from({ length: 12 }, () => [0, 0] as [number, number])),
          },
        }),
    });
    renderWithProviders(<MyStats />, { route: '/my-stats' });
    const empty = await screen.findByTestId('stats-empty');
    expect(empty).toHaveTextContent('まだ投稿がありません');
    expect(within(empty).getByRole('link', { name: '投稿のしかたを見る' })).toHaveAttribute('href', '/guide/how-to-post');
    expect(screen.getByTestId('stats-rank')).toHaveTextContent('圏外');
  });

  it('has an error state', async () => {
    signInForTest();
    mockApi({
      '/api/v1/users/stats': () => jsonResponse({ success: false, error: '混み合っています', code: 'unavailable' }, { status: 503 }),
    });
    renderWithProviders(<MyStats />, { route: '/my-stats' });
    expect(await screen.findByRole('alert')).toHaveTextContent('統計を読み込めませんでした');
  });
});
