import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/testing/test-utils';
import { adminReport, auditEntry, initialData, paged, refusal } from '../testing/console-fixtures';
import { AuditPage } from './AuditPage';
import { ReportsPage } from './ReportsPage';

const paths = (calls: ReturnType<typeof mockApi>) => calls.mock.calls.map(([path]) => path);

describe('/admin/reports (報告)', () => {
  it('reads the filters from the URL, sends them, and renders the reports', async () => {
    const calls = mockApi({
      '/api/v1/admin/purchases': () => paged([adminReport(), adminReport({ id: 502, kind: 'sold_out', product: 'box', product_name: null, limit_note: null, user: null })], 2),
    });
    renderWithProviders(<ReportsPage />, { route: '/admin/reports?store_id=42&kind=bought&from=2026-11-01&to=2026-11-23' });
    const rows = await screen.findAllByTestId('report-row');
    expect(paths(calls)).toContain('/api/v1/admin/purchases?store_id=42&kind=bought&from=2026-11-01&to=2026-11-23');
    expect(screen.getByRole('link', { name: '報告' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('textbox', { name: '店舗ID' })).toHaveValue('42');
    expect(rows[0]).toHaveTextContent('カードラボ 新宿店');
    expect(rows[0]).toHaveTextContent('買えた');
    expect(rows[0]).toHaveTextContent('テラスタルフェスex');
    expect(rows[0]).toHaveTextContent('制限: 1人5パックまで');
    expect(rows[0]).toHaveTextContent('2026/11/22 12:00');
    expect(rows[1]).toHaveTextContent('売り切れ');
    expect(rows[1]).toHaveTextContent('BOX');
    expect(rows[1]).toHaveTextContent('なし（デモデータまたは退会）');
  });

  it('a filter goes to the URL and the request; a bad id is refused before sending', async () => {
    const calls = mockApi({ '/api/v1/admin/purchases': () => paged([], 0) });
    const user = userEvent.setup();
    renderWithProviders(<ReportsPage />, { route: '/admin/reports' });
    await screen.findByText('条件に合う報告はありません');

    await user.type(screen.getByRole('textbox', { name: 'ユーザーID' }), 'x7');
    await user.click(screen.getByRole('button', { name: '検索' }));
    expect(screen.getByText('数字で入力してください')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/reports$/);

    await user.clear(screen.getByRole('textbox', { name: 'ユーザーID' }));
    await user.type(screen.getByRole('textbox', { name: 'ユーザーID' }), '7');
    await user.selectOptions(screen.getByRole('combobox', { name: '都道府県' }), 'osaka');
    await user.selectOptions(screen.getByRole('combobox', { name: '結果' }), 'sold_out');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/reports?user_id=7&prefecture=osaka&kind=sold_out'));
    await waitFor(() => expect(paths(calls)).toContain('/api/v1/admin/purchases?user_id=7&prefecture=osaka&kind=sold_out'));
  });

  it('deletes one report after a confirmation and shows the message', async () => {
    const calls = mockApi({
      '/api/v1/admin/purchases': () => paged([adminReport()], 1),
      'DELETE /api/v1/admin/purchases/501': () => jsonResponse({ success: true, message: '報告を削除しました。' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ReportsPage />, { route: '/admin/reports' });
    await user.click(await screen.findByRole('button', { name: 'この報告を削除 (#501)' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('カードラボ 新宿店 への報告（2026/11/22 12:00）を削除しますか？');
    await user.click(within(dialog).getByRole('button', { name: '削除' }));
    expect(await screen.findByTestId('admin-notice')).toHaveTextContent('報告を削除しました。');
    expect(calls.mock.calls.some(([path, sent]) => sent.method === 'DELETE' && path === '/api/v1/admin/purchases/501')).toBe(true);
  });

  it('bulk delete: counts first, says how many, sends the Japan days as instants, shows the message', async () => {
    const calls = mockApi({
      'GET /api/v1/admin/purchases': (url) => (url.searchParams.get('user_id') === '7' && url.searchParams.get('from') ? paged([adminReport()], 13) : paged([], 0)),
      'POST /api/v1/admin/purchases/bulk_delete': () => jsonResponse({ success: true, message: '13件の報告を削除しました。', deleted: 13 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ReportsPage />, { route: '/admin/reports' });
    await screen.findByText('条件に合う報告はありません');
    const form = screen.getByRole('form', { name: 'ユーザーの報告をまとめて削除' });

    await user.click(within(form).getByRole('button', { name: 'まとめて削除' }));
    expect(within(form).getByText('ユーザーIDを入力してください')).toBeInTheDocument();
    expect(within(form).getByText('開始日時と終了日時を入力してください')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /ユーザーID/ }), '7');
    await user.type(within(form).getByLabelText(/開始日/), '2026-11-20');
    await user.type(within(form).getByLabelText(/終了日/), '2026-11-22');
    await user.click(within(form).getByRole('button', { name: 'まとめて削除' }));

    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('ユーザー #7 の 2026/11/20 〜 2026/11/22 の報告を削除しますか？');
    await waitFor(() => expect(within(dialog).getByTestId('bulk-count')).toHaveTextContent('対象は13件です。'));
    expect(paths(calls)).toContain('/api/v1/admin/purchases?user_id=7&from=2026-11-20&to=2026-11-22');
    await user.click(within(dialog).getByRole('button', { name: 'まとめて削除' }));

    expect(await screen.findByTestId('admin-notice')).toHaveTextContent('13件の報告を削除しました。');
    const post = calls.mock.calls.find(([, sent]) => sent.method === 'POST')!;
    expect(sentBody(post[1])).toEqual({ user_id: 7, from: '2026-11-19T15:00:00Z', to: '2026-11-22T15:00:00Z' });
  });

  it('a refused bulk delete shows the server message in the dialog', async () => {
    mockApi({
      'GET /api/v1/admin/purchases': () => paged([], 0),
      'POST /api/v1/admin/purchases/bulk_delete': () => refusal(404, 'not_found', 'ユーザーが見つかりません。'),
    });
    const user = userEvent.setup();
    renderWithProviders(<ReportsPage />, { route: '/admin/reports?user_id=99' });
    await screen.findByText('条件に合う報告はありません');
    const form = screen.getByRole('form', { name: 'ユーザーの報告をまとめて削除' });
    expect(within(form).getByRole('textbox', { name: /ユーザーID/ })).toHaveValue('99');
    await user.type(within(form).getByLabelText(/開始日/), '2026-11-20');
    await user.type(within(form).getByLabelText(/終了日/), '2026-11-20');
    await user.click(within(form).getByRole('button', { name: 'まとめて削除' }));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('bulk-count')).toHaveTextContent('対象は0件です。'));
    await user.click(within(dialog).getByRole('button', { name: 'まとめて削除' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('ユーザーが見つかりません。');
  });
});

describe('/admin/audit (履歴)', () => {
  it('reads the filters from the URL, sends them, and shows before → after in Japanese', async () => {
    const calls = mockApi({
      '/api/v1/initial_data': initialData,
      '/api/v1/admin/audit': () =>
        paged([
          auditEntry(),
          auditEntry({
            id: 899,
            action: 'store.update',
            changes: { lat: { before: 35.6896, after: 35.700123 }, sells: { before: { packs: true, boxes: null }, after: { packs: true, boxes: true } }, store_type: { before: 'convenience', after: 'card_shop' } },
          }),
          auditEntry({ id: 898, action: 'purchase.bulk_delete', target_type: 'user', target_id: '7', changes: { deleted: { before: null, after: 13 } } }),
        ]),
    });
    renderWithProviders(<AuditPage />, { route: '/admin/audit?target_type=store&target_id=42' });
    const entries = await screen.findAllByTestId('audit-entry');
    expect(paths(calls)).toContain('/api/v1/admin/audit?target_type=store&target_id=42');
    expect(screen.getByRole('link', { name: '履歴' })).toHaveAttribute('aria-current', 'page');
    expect(entries[0]).toHaveTextContent('2026/11/23 19:00');
    expect(entries[0]).toHaveTextContent('店舗を編集');
    expect(within(entries[0]!).getByRole('link', { name: '店舗 #42' })).toHaveAttribute('href', '/admin/stores/42');
    expect(entries[0]).toHaveTextContent('カンリ');
    expect(entries[0]).toHaveTextContent('状態: 公開→から閉店');
    expect(entries[1]).toHaveTextContent('緯度: 35.6896→から35.700123');
    expect(entries[1]).toHaveTextContent('取り扱い: パック: あり、BOX: 不明→からパック: あり、BOX: あり');
    await waitFor(() => expect(entries[1]).toHaveTextContent('種類: コンビニ→からカードショップ')); // labels from /initial_data
    expect(entries[2]).toHaveTextContent('報告をまとめて削除');
    expect(within(entries[2]!).getByRole('link', { name: 'ユーザー #7' })).toHaveAttribute('href', '/admin/users/7');
    expect(entries[2]).toHaveTextContent('削除件数: なし→から13');
  });

  it('a filter goes to the URL and the request', async () => {
    const calls = mockApi({ '/api/v1/admin/audit': () => paged([], 0) });
    const user = userEvent.setup();
    renderWithProviders(<AuditPage />, { route: '/admin/audit' });
    await screen.findByText('履歴はありません');
    await user.selectOptions(screen.getByRole('combobox', { name: '操作' }), 'user.block');
    await user.type(screen.getByRole('textbox', { name: '操作した管理者のID' }), '1');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/audit?actor_id=1&action=user.block'));
    await waitFor(() => expect(paths(calls)).toContain('/api/v1/admin/audit?actor_id=1&action=user.block'));
  });
});
