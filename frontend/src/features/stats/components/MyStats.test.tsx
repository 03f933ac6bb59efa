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
    expect(screen.getByTestId('stats-submissions')).toHaveTextContent('承認済み 3件');
    expect(screen.getByTestId('stats-submissions')).toHaveTextContent('非承認 1件');
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

  it('right after posting shows the pending post beside the approved count, as large', async () => {
    signInForTest();
    mockApi({
      '/api/v1/users/stats': () =>
        jsonResponse({ success: true, stats: { ...stats, submissions: { pending: 1, approved: 0, rejected: 0 }, points: { all: 0, month: 0 } } }),
    });
    renderWithProviders(<MyStats />, { route: '/my-stats' });
    const figure = await screen.findByTestId('stats-submissions');
    expect(figure).toHaveTextContent('承認済み 0件');
    const pending = within(figure).getByTestId('stats-pending');
    expect(pending).toHaveTextContent('審査中 1件');
    // Same type as the approved count (not the small print of the sub line).
    expect(pending.className).toBe(within(figure).getByText('承認済み 0件').className);
  });

  it('lists my submissions with their state, points and the reason a rejected one gives', async () => {
    signInForTest();
    const submissions_list = [
      { id: 3, store_name: 'カードショップ 却下店', status: 'rejected', created_at: '2026-11-20T01:00:00Z', reviewed_at: '2026-11-21T01:00:00Z', reject_reason: '販売店ではないため', points: 0, store_id: null },
      { id: 2, store_name: 'カードショップ 承認店', status: 'approved', created_at: '2026-11-10T01:00:00Z', reviewed_at: '2026-11-11T01:00:00Z', reject_reason: null, points: 5, store_id: 77 },
      { id: 1, store_name: 'カードショップ 審査店', status: 'pending', created_at: '2026-11-25T01:00:00Z', reviewed_at: null, reject_reason: null, points: 0, store_id: null },
    ];
    mockApi({ '/api/v1/users/stats': () => jsonResponse({ success: true, stats: { ...stats, submissions_list } }) });
    renderWithProviders(<MyStats />, { route: '/my-stats' });
    const rows = await screen.findAllByTestId('stats-submission');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('カードショップ 却下店');
    expect(rows[0]).toHaveTextContent('非承認');
    expect(rows[0]).toHaveTextContent('理由: 販売店ではないため');
    expect(rows[1]).toHaveTextContent('承認済み');
    expect(rows[1]).toHaveTextContent('+5pt');
    expect(within(rows[1]!).getByRole('link', { name: '地図で見る' })).toHaveAttribute('href', '/map?store=77');
    expect(rows[2]).toHaveTextContent('審査中');
    expect(rows[2]).not.toHaveTextContent('理由');
  });
});
