import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/testing/test-utils';
import { paged } from '../testing/console-fixtures';
import { LotteriesPage } from './LotteriesPage';

function entry(overrides: Record<string, unknown> = {}) {
  return {
    id: 21,
    store: { id: 5, name: 'ヨドバシカメラ 新宿西口本店', prefecture: 'tokyo', city: '新宿区', lat: 35.69, lng: 139.7 },
    product: { id: null, name: 'スペシャルBOX' },
    methods: ['web', 'store'],
    apply_start: '2026-11-27T01:00:00Z',
    apply_end: '2026-11-30T14:59:00Z',
    result_at: null,
    purchase_start: null,
    purchase_end: null,
    conditions: ['id_check'],
    condition_note: '',
    source_url: 'https://example.jp/news',
    status: 'pending',
    author_id: 7,
    points_awarded: 0,
    reject_reason: '',
    created_at: '2026-11-27T02:00:00Z',
    reviewed_at: null,
    ...overrides,
  };
}

describe('/admin/lotteries (抽選)', () => {
  it('shows the waiting entries first with what a reviewer checks, and approves one', async () => {
    let approved = false;
    const calls = mockApi({
      'GET /api/v1/admin/lotteries': () => paged(approved ? [] : [entry()], approved ? 0 : 1),
      'POST /api/v1/admin/lotteries/21/approve': () => {
        approved = true;
        return jsonResponse({ success: true, message: '抽選情報を承認しました。', lottery: { id: 21, status: 'approved' } });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<LotteriesPage />, { route: '/admin/lotteries' });
    const card = await screen.findByTestId('admin-lottery');
    expect(calls.mock.calls.map(([path]) => path)).toContain('/api/v1/admin/lotteries?status=pending');
    expect(screen.getByRole('link', { name: '抽選' })).toHaveAttribute('aria-current', 'page');
    expect(card).toHaveTextContent('スペシャルBOX');
    expect(card).toHaveTextContent('確認待ち');
    expect(card).toHaveTextContent('2026/11/27 10:00 〜 2026/11/30 23:59');
    expect(card).toHaveTextContent('Web・店頭');
    expect(card).toHaveTextContent('本人確認');
    expect(within(card).getByRole('link', { name: '#7' })).toHaveAttribute('href', '/admin/users/7');
    await user.click(within(card).getByRole('button', { name: '承認' }));
    await waitFor(() => expect(calls.mock.calls.some(([path, sent]) => sent.method === 'POST' && path === '/api/v1/admin/lotteries/21/approve')).toBe(true));
    expect(await screen.findByText('この状態の抽選情報はありません')).toBeInTheDocument();
    expect(screen.getByTestId('admin-notice')).toHaveTextContent('抽選情報を承認しました。');
  });

  it('rejects only with a reason, and sends it', async () => {
    const calls = mockApi({
      'GET /api/v1/admin/lotteries': () => paged([entry()], 1),
      'POST /api/v1/admin/lotteries/21/reject': () => jsonResponse({ success: true, message: '抽選情報を却下しました。', lottery: { id: 21, status: 'rejected' } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<LotteriesPage />, { route: '/admin/lotteries' });
    await user.click(within(await screen.findByTestId('admin-lottery')).getByRole('button', { name: '却下' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('「スペシャルBOX」（ヨドバシカメラ 新宿西口本店）を却下します。');
    await user.click(within(dialog).getByRole('button', { name: '却下' }));
    expect(within(dialog).getByText('却下の理由を入力してください')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /却下の理由/ }), '告知が見つかりません');
    await user.click(within(dialog).getByRole('button', { name: '却下' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.mock.calls.find(([, sent]) => sent.method === 'POST')!;
    expect(sentBody(post[1])).toEqual({ reason: '告知が見つかりません' });
  });

  it('lists another status from its button', async () => {
    const calls = mockApi({ 'GET /api/v1/admin/lotteries': () => paged([entry({ status: 'approved' })], 1) });
    const user = userEvent.setup();
    renderWithProviders(<LotteriesPage />, { route: '/admin/lotteries' });
    await screen.findByTestId('admin-lottery');
    await user.click(screen.getByRole('button', { name: '公開中' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/lotteries?status=approved'));
    await waitFor(() => expect(calls.mock.calls.map(([path]) => path)).toContain('/api/v1/admin/lotteries?status=approved'));
  });
});
