import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/testing/test-utils';
import type { LatLng } from '../lib/review';
import { adminReport, adminStore, auditEntry, initialData, paged, refusal } from '../testing/console-fixtures';
import { StorePage } from './StorePage';
import { StoresPage } from './StoresPage';

// Leaflet does not run in jsdom: the review form's map is replaced by a stand-in whose button drags the pin.
vi.mock('./MapPreview', () => ({
  default: ({ onMove, pinTitle }: { onMove: (p: LatLng) => void; pinTitle?: string }) => (
    <button type="button" onClick={() => onMove({ lat: 35.7001234, lng: 139.7104321 })}>
      (test) drag: {pinTitle}
    </button>
  ),
}));

const photo = { url: '/photos/' + 'a'.repeat(64) + '.jpg', thumb_url: '/photos/' + 'b'.repeat(64) + '.jpg', width: 1600, height: 1200, hash: 'a'.repeat(64), submission_id: 11 };

function renderStore(handlers: Parameters<typeof mockApi>[0] = {}) {
  let current = adminStore();
  const calls = mockApi({
    '/api/v1/initial_data': initialData,
    'GET /api/v1/admin/stores/42': () =>
      jsonResponse({ success: true, store: current, photos: [photo], reports: [adminReport()], audit: [auditEntry()] }),
    'PUT /api/v1/admin/stores/42': (_url, sent) => {
      current = { ...current, ...(sentBody(sent) as object), updated_at: '2026-11-23T11:00:00Z' };
      return jsonResponse({ success: true, message: '店舗情報を更新しました。', store: current });
    },
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path="/admin/stores/:id" element={<StorePage />} />
      <Route path="/admin/stores" element={<p>stores list</p>} />
    </Routes>,
    { route: '/admin/stores/42' },
  );
  return { calls, user };
}

describe('/admin/stores (店舗)', () => {
  it('reads its filters and page from the URL, sends them, and renders the table', async () => {
    const calls = mockApi({
      '/api/v1/initial_data': initialData,
      '/api/v1/admin/stores': () => paged([adminStore(), adminStore({ id: 41, name: 'ローソン 梅田店', store_type: 'convenience', status: 'hidden', status_note: '一時休業', source: 'submission', admin_edited: ['lat', 'lng'] })], 120, 2),
    });
    renderWithProviders(<StoresPage />, { route: '/admin/stores?prefecture=tokyo&status=active&page=2' });

    const rows = await screen.findAllByTestId('store-row');
    expect(rows).toHaveLength(2);
    expect(calls.mock.calls.map(([path]) => path)).toContain('/api/v1/admin/stores?prefecture=tokyo&status=active&page=2');
    expect(screen.getByRole('link', { name: '店舗' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '審査' })).not.toHaveAttribute('aria-current');
    expect(screen.getByTestId('list-total')).toHaveTextContent('全120件 ・ 51〜52件目');
    expect(screen.getByRole('combobox', { name: '都道府県' })).toHaveValue('tokyo');
    expect(screen.getByRole('combobox', { name: '状態' })).toHaveValue('active');

    expect(within(rows[0]!).getByRole('link', { name: 'カードラボ 新宿店' })).toHaveAttribute('href', '/admin/stores/42');
    expect(rows[0]).toHaveTextContent('東京都 新宿区');
    expect(rows[0]).toHaveTextContent('カードショップ');
    expect(rows[0]).toHaveTextContent('公開');
    expect(rows[0]).toHaveTextContent('インポート');
    expect(rows[1]).toHaveTextContent('コンビニ');
    expect(rows[1]).toHaveTextContent('非表示一時休業');
    expect(rows[1]).toHaveTextContent('管理者が編集');
    expect(screen.getByText('2 / 3ページ')).toBeInTheDocument();
  });

  it('a search writes the filters to the URL (page 1 again) and asks the server with them', async () => {
    const calls = mockApi({ '/api/v1/initial_data': initialData, '/api/v1/admin/stores': () => paged([], 0) });
    const user = userEvent.setup();
    renderWithProviders(<StoresPage />, { route: '/admin/stores?page=3' });
    await screen.findByText('条件に合う店舗はありません');

    await user.type(screen.getByRole('searchbox', { name: '店舗名' }), ' カードラボ ');
    await user.selectOptions(screen.getByRole('combobox', { name: '都道府県' }), 'osaka');
    await user.selectOptions(screen.getByRole('combobox', { name: '種類' }), 'card_shop');
    await user.selectOptions(screen.getByRole('combobox', { name: '登録元' }), 'submission');
    await user.click(screen.getByRole('button', { name: '検索' }));

    await waitFor(() =>
      expect(decodeURIComponent(screen.getByTestId('location').textContent!)).toBe('/admin/stores?q=カードラボ&prefecture=osaka&type=card_shop&source=submission'),
    );
    await waitFor(() =>
      expect(calls.mock.calls.map(([path]) => path)).toContain(
        `/api/v1/admin/stores?q=${encodeURIComponent('カードラボ')}&prefecture=osaka&type=card_shop&source=submission`,
      ),
    );
  });

  it('shows the load error with 再読み込み', async () => {
    mockApi({ '/api/v1/initial_data': initialData, '/api/v1/admin/stores': () => refusal(400, 'bad_request', '検索条件が正しくありません。') });
    renderWithProviders(<StoresPage />, { route: '/admin/stores?status=nope' });
    expect(await screen.findByRole('alert')).toHaveTextContent('検索条件が正しくありません。');
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeInTheDocument();
  });
});

describe('/admin/stores/:id', () => {
  it('renders the store, its photos, reports and history', async () => {
    renderStore();
    expect(await screen.findByRole('heading', { level: 2, name: 'カードラボ 新宿店' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '店舗' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('osm:node/123')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '店舗写真 1' })).toBeInTheDocument();
    expect(screen.getByTestId('report-row')).toHaveTextContent('サトシ');
    const entry = screen.getByTestId('audit-entry');
    expect(entry).toHaveTextContent('店舗を編集');
    expect(entry).toHaveTextContent('店舗名: カードラボ新宿→からカードラボ 新宿店');
    expect(entry).toHaveTextContent('状態: 公開→から閉店');
    // The form starts from the store.
    expect(screen.getByRole('textbox', { name: '店舗名' })).toHaveValue('カードラボ 新宿店');
    expect(screen.getByRole('combobox', { name: 'パック' })).toHaveValue('yes');
    expect(screen.getByRole('combobox', { name: 'BOX' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'シングル' })).toHaveValue('no');
  });

  it('an edit sends only the changed fields (the dragged pin as lat/lng) and shows the message', async () => {
    const { calls, user } = renderStore();
    const name = await screen.findByRole('textbox', { name: '店舗名' });
    await user.clear(name);
    await user.type(name, 'カードラボ 新宿本店');
    await user.selectOptions(screen.getByRole('combobox', { name: 'BOX' }), 'yes');
    await user.selectOptions(screen.getByRole('combobox', { name: '状態' }), 'closed');
    await user.type(screen.getByRole('textbox', { name: /状態のメモ/ }), '2026年11月に閉店');
    await user.click(await screen.findByRole('button', { name: /\(test\) drag: 店舗の位置/ }));
    expect(screen.getByRole('textbox', { name: '緯度' })).toHaveValue('35.700123');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByTestId('admin-notice')).toHaveTextContent('店舗情報を更新しました。');
    const put = calls.mock.calls.find(([, sent]) => sent.method === 'PUT')!;
    expect(put[0]).toBe('/api/v1/admin/stores/42');
    expect(sentBody(put[1])).toEqual({
      name: 'カードラボ 新宿本店',
      sells: { packs: true, boxes: true, singles: false },
      status: 'closed',
      status_note: '2026年11月に閉店',
      lat: 35.700123,
      lng: 139.710432,
    });
  });

  it('saving without changes sends nothing', async () => {
    const { calls, user } = renderStore();
    await user.click(await screen.findByRole('button', { name: '保存する' }));
    expect(await screen.findByTestId('admin-notice')).toHaveTextContent('変更はありません');
    expect(calls.mock.calls.some(([, sent]) => sent.method === 'PUT')).toBe(false);
  });

  it('a refused edit shows the server message', async () => {
    const { user } = renderStore({ 'PUT /api/v1/admin/stores/42': () => refusal(400, 'bad_request', '緯度・経度が日本の範囲外です。') });
    await user.selectOptions(await screen.findByRole('combobox', { name: '状態' }), 'hidden');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByTestId('admin-notice')).toHaveTextContent('緯度・経度が日本の範囲外です。');
  });

  it('a hard delete asks first and shows the 409 refusal in the dialog', async () => {
    const { calls, user } = renderStore({
      'DELETE /api/v1/admin/stores/42': () => refusal(409, 'conflict', '報告や投稿がある店舗は削除できません。非表示にしてください。'),
    });
    await user.click(await screen.findByRole('button', { name: '完全に削除' }));
    const dialog = screen.getByRole('dialog', { name: '完全に削除' });
    expect(dialog).toHaveTextContent('「カードラボ 新宿店」を完全に削除しますか？');
    expect(calls.mock.calls.some(([, sent]) => sent.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: '完全に削除' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('報告や投稿がある店舗は削除できません。非表示にしてください。');
    expect(calls.mock.calls.find(([, sent]) => sent.method === 'DELETE')![0]).toBe('/api/v1/admin/stores/42?hard=1');
  });

  it('hiding sends DELETE without hard and shows the message', async () => {
    const { calls, user } = renderStore({
      'DELETE /api/v1/admin/stores/42': () => jsonResponse({ success: true, message: '店舗を非表示にしました。', store: adminStore({ status: 'hidden' }) }),
    });
    await user.click(await screen.findByRole('button', { name: '非表示にする' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '非表示にする' }));
    expect(await screen.findByTestId('admin-notice')).toHaveTextContent('店舗を非表示にしました。');
    expect(calls.mock.calls.find(([, sent]) => sent.method === 'DELETE')![0]).toBe('/api/v1/admin/stores/42');
  });

  it('deletes a photo after a confirmation (DELETE /admin/photos/{hash}?store_id=)', async () => {
    const { calls, user } = renderStore({
      ['DELETE /api/v1/admin/photos/' + 'a'.repeat(64)]: () => jsonResponse({ success: true, message: '写真を削除しました。' }),
    });
    await user.click(await screen.findByRole('button', { name: '写真 1 を削除' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除' }));
    expect(await screen.findByTestId('admin-notice')).toHaveTextContent('写真を削除しました。');
    expect(calls.mock.calls.find(([, sent]) => sent.method === 'DELETE')![0]).toBe(`/api/v1/admin/photos/${'a'.repeat(64)}?store_id=42`);
  });

  it('an unknown id says so', async () => {
    mockApi({ '/api/v1/initial_data': initialData, '/api/v1/admin/stores/9': () => refusal(404, 'not_found', '店舗が見つかりません。') });
    renderWithProviders(
      <Routes>
        <Route path="/admin/stores/:id" element={<StorePage />} />
      </Routes>,
      { route: '/admin/stores/9' },
    );
    expect(await screen.findByText('見つかりませんでした。削除されたか、IDが間違っています。')).toBeInTheDocument();
  });
});
