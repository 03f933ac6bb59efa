import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/testing/test-utils';
import { adminReport, adminUser, auditEntry, initialData, paged, refusal } from '../testing/console-fixtures';
import { UserPage } from './UserPage';
import { UsersPage } from './UsersPage';

const submissions = [
  { id: 11, name: 'カードラボ新宿店', status: 'pending', created_at: '2026-11-23T01:00:00Z', reviewed_at: null },
  { id: 10, name: 'ローソン 梅田店', status: 'rejected', created_at: '2026-11-20T01:00:00Z', reviewed_at: '2026-11-21T01:00:00Z' },
];

function renderUser(user = adminUser(), handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    '/api/v1/initial_data': initialData,
    'GET /api/v1/admin/users/7': () =>
      jsonResponse({
        success: true,
        user,
        submissions,
        reports: [adminReport()],
        audit: [auditEntry({ action: 'user.block', target_type: 'user', target_id: '7', changes: { blocked: { before: false, after: true } }, note: 'スパム' })],
      }),
    ...handlers,
  });
  const ui = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path="/admin/users/:id" element={<UserPage />} />
    </Routes>,
    { route: '/admin/users/7' },
  );
  return { calls, ui };
}

describe('/admin/users (ユーザー)', () => {
  it('searches by e-mail or nickname through the URL and the request, and renders the list', async () => {
    const calls = mockApi({
      '/api/v1/admin/users': (url) =>
        url.searchParams.get('q') === 'sato'
          ? paged([adminUser(), adminUser({ id: 8, nickname: 'サトコ', email: 'satoko@example.com', admin: true, blocked: true, last_login_at: null })], 2)
          : paged([adminUser()], 1),
    });
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { route: '/admin/users?page=2' });
    await screen.findAllByTestId('user-row');
    expect(calls.mock.calls[0]![0]).toBe('/api/v1/admin/users?page=2');
    expect(screen.getByRole('link', { name: 'ユーザー' })).toHaveAttribute('aria-current', 'page');

    await user.type(screen.getByRole('searchbox', { name: 'メールアドレスまたはニックネーム' }), 'sato');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/users?q=sato'));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(2));
    expect(calls.mock.calls.at(-1)![0]).toBe('/api/v1/admin/users?q=sato');
    const second = screen.getAllByTestId('user-row')[1]!;
    expect(within(second).getByRole('link', { name: 'サトコ' })).toHaveAttribute('href', '/admin/users/8');
    expect(second).toHaveTextContent('satoko@example.com');
    expect(second).toHaveTextContent('管理者');
    expect(second).toHaveTextContent('ブロック中');
    expect(second).toHaveTextContent('記録なし');
  });

  it('an empty result says so', async () => {
    mockApi({ '/api/v1/admin/users': () => paged([], 0) });
    renderWithProviders(<UsersPage />, { route: '/admin/users?q=nobody' });
    expect(await screen.findByText('条件に合うユーザーはいません')).toBeInTheDocument();
  });
});

describe('/admin/users/:id', () => {
  it('shows the profile, flags, points, last login, submissions with status, reports and history', async () => {
    renderUser();
    expect(await screen.findByRole('heading', { level: 2, name: 'サトシ' })).toBeInTheDocument();
    expect(screen.getByText('satoshi@example.com')).toBeInTheDocument();
    expect(screen.getByText(/^25pt/)).toBeInTheDocument();
    expect(screen.getByText('2026/11/23 18:00')).toBeInTheDocument(); // last login, Japan time
    const rows = screen.getAllByTestId('submission-row');
    expect(rows[0]).toHaveTextContent('審査待ち');
    expect(rows[1]).toHaveTextContent('却下');
    expect(screen.getByTestId('report-row')).toHaveTextContent('カードラボ 新宿店');
    const entry = screen.getByTestId('audit-entry');
    expect(entry).toHaveTextContent('ユーザーをブロック');
    expect(entry).toHaveTextContent('ブロック: いいえ→からはい');
    expect(entry).toHaveTextContent('メモ: スパム');
  });

  it('blocking needs a reason, sends it with hide_content, and shows the message', async () => {
    const { calls, ui } = renderUser(adminUser(), {
      'POST /api/v1/admin/users/7/block': () =>
        jsonResponse({ success: true, message: 'ユーザーをブロックしました。', user: adminUser({ blocked: true, blocked_reason: 'スパム投稿' }) }),
    });
    await ui.click(await screen.findByRole('button', { name: 'ブロックする' }));
    const dialog = screen.getByRole('dialog', { name: 'ブロックする' });
    expect(dialog).toHaveTextContent('「サトシ」をブロックしますか？');
    await ui.click(within(dialog).getByRole('button', { name: 'ブロックする' }));
    expect(within(dialog).getByText('ブロックの理由を入力してください')).toBeInTheDocument();
    expect(calls.mock.calls.some(([, sent]) => sent.method === 'POST')).toBe(false);

    await ui.type(within(dialog).getByRole('textbox', { name: /ブロックの理由/ }), ' スパム投稿 ');
    await ui.click(within(dialog).getByRole('checkbox', { name: /投稿・報告も非表示にする/ }));
    await ui.click(within(dialog).getByRole('button', { name: 'ブロックする' }));

    expect(await screen.findByTestId('admin-notice')).toHaveTextContent('ユーザーをブロックしました。');
    const post = calls.mock.calls.find(([, sent]) => sent.method === 'POST')!;
    expect(post[0]).toBe('/api/v1/admin/users/7/block');
    expect(sentBody(post[1])).toEqual({ reason: 'スパム投稿', hide_content: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('blocking yourself: the 409 message is shown in the dialog', async () => {
    const { ui } = renderUser(adminUser({ admin: true }), {
      'POST /api/v1/admin/users/7/block': () => refusal(409, 'conflict', '自分自身はブロックできません。'),
    });
    await ui.click(await screen.findByRole('button', { name: 'ブロックする' }));
    const dialog = screen.getByRole('dialog');
    await ui.type(within(dialog).getByRole('textbox', { name: /ブロックの理由/ }), 'テスト');
    await ui.click(within(dialog).getByRole('button', { name: 'ブロックする' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('自分自身はブロックできません。');
  });

  it('revoking the last admin: the 409 message is shown', async () => {
    const { calls, ui } = renderUser(adminUser({ admin: true }), {
      'POST /api/v1/admin/users/7/revoke_admin': () => refusal(409, 'conflict', '最後の管理者の権限は取り消せません。'),
    });
    await ui.click(await screen.findByRole('button', { name: '管理者権限を取り消す' }));
    const dialog = screen.getByRole('dialog', { name: '管理者権限を取り消す' });
    await ui.click(within(dialog).getByRole('button', { name: '管理者権限を取り消す' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('最後の管理者の権限は取り消せません。');
    expect(calls.mock.calls.find(([, sent]) => sent.method === 'POST')![0]).toBe('/api/v1/admin/users/7/revoke_admin');
  });

  it('unblock and grant admin send their calls and show the message', async () => {
    const { calls, ui } = renderUser(adminUser({ blocked: true, blocked_reason: 'スパム' }), {
      'POST /api/v1/admin/users/7/unblock': () => jsonResponse({ success: true, message: 'ブロックを解除しました。', user: adminUser() }),
      'POST /api/v1/admin/users/7/grant_admin': () => jsonResponse({ success: true, message: '管理者権限を付与しました。', user: adminUser({ admin: true }) }),
    });
    expect(await screen.findByText('スパム')).toBeInTheDocument(); // the block reason
    await ui.click(screen.getByRole('button', { name: 'ブロックを解除' }));
    await ui.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ブロックを解除' }));
    expect(await screen.findByTestId('admin-notice')).toHaveTextContent('ブロックを解除しました。');

    await ui.click(screen.getByRole('button', { name: '管理者にする' }));
    await ui.click(within(screen.getByRole('dialog')).getByRole('button', { name: '管理者にする' }));
    await waitFor(() => expect(screen.getByTestId('admin-notice')).toHaveTextContent('管理者権限を付与しました。'));
    const posts = calls.mock.calls.filter(([, sent]) => sent.method === 'POST').map(([path]) => path);
    expect(posts).toEqual(['/api/v1/admin/users/7/unblock', '/api/v1/admin/users/7/grant_admin']);
  });
  it('shows how others answered each user’s reports: filed, confirmed, denied, and who is slowed', async () => {
    const standing = (user_id: number, more: Record<string, unknown>) => ({
      user_id, reports: 0, confirmed_reports: 0, denied_reports: 0, confirmations: 0, denials: 0, trusted: false, slowed: false, ...more,
    });
    const calls = mockApi({
      '/api/v1/admin/users': () => paged([adminUser(), adminUser({ id: 8, nickname: 'サトコ', email: 'satoko@example.com' })], 2),
      '/api/v1/admin/reporter_standings': () =>
        jsonResponse({
          success: true,
          standings: [
            standing(7, { reports: 5, confirmed_reports: 4, denied_reports: 0, trusted: true }),
            standing(8, { reports: 6, confirmed_reports: 1, denied_reports: 4, slowed: true }),
          ],
        }),
    });
    renderWithProviders(<UsersPage />, { route: '/admin/users' });
    const rows = await screen.findAllByTestId('user-row');
    await waitFor(() => expect(rows[1]).toHaveTextContent('報告6・確認1・否定4'));
    expect(rows[1]).toHaveTextContent('報告間隔を制限中');
    expect(rows[0]).toHaveTextContent('報告5・確認4・否定0');
    expect(rows[0]).toHaveTextContent('確認の多い報告者');
    expect(calls.mock.calls.some(([path]) => path === '/api/v1/admin/reporter_standings?user_ids=7%2C8')).toBe(true);
  });

  it('shows the standing on the user page too', async () => {
    renderUser(adminUser(), {
      '/api/v1/admin/reporter_standings': () =>
        jsonResponse({
          success: true,
          standings: [{ user_id: 7, reports: 3, confirmed_reports: 0, denied_reports: 3, confirmations: 0, denials: 4, trusted: false, slowed: true }],
        }),
    });
    expect(await screen.findByTestId('reporter-standing')).toHaveTextContent('報告3・確認0・否定3');
    expect(screen.getByTestId('reporter-standing')).toHaveTextContent('報告間隔を制限中');
  });
});
