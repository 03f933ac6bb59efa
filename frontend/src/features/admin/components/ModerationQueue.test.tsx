import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/stores/toast-store';
import { jsonResponse, renderWithProviders, sentBody, mockApi } from '@/testing/test-utils';
import type { LatLng } from '../lib/review';
import { ModerationQueue } from './ModerationQueue';

// Leaflet does not run in jsdom: the preview is replaced by a stand-in whose button drags the marker.
vi.mock('./MapPreview', () => ({
  default: ({ onMove }: { onMove: (p: LatLng) => void }) => (
    <button type="button" onClick={() => onMove({ lat: 35.6901234, lng: 139.7004321 })}>
      (test) drag the marker
    </button>
  ),
}));

const HOUR = 3600_000;

const duplicateStore = {
  id: 42,
  name: 'カードラボ 新宿店',
  store_type: 'card_shop',
  prefecture: 'tokyo',
  prefecture_name: '東京都',
  city: '新宿区',
  address: '東京都新宿区西新宿1-1-1',
  lat: 35.6896,
  lng: 139.6998,
  location_precision: 'exact',
  sells: { packs: true, boxes: null, singles: true },
  last_report_at: null,
  last_report_kind: null,
};

function submission(overrides: Record<string, unknown> = {}) {
  return {
    id: 11,
    status: 'pending',
    store_name: 'カードラボ新宿店',
    comment: '2階のレジ横にパックがあります',
    address: null,
    location_method: 'gps',
    lat: 35.6895,
    lng: 139.6917,
    location_precision: 'exact',
    prefecture: 'tokyo',
    prefecture_name: '東京都',
    city: '新宿区',
    photos: [
      { url: '/photos/' + 'a'.repeat(64) + '.jpg', thumb_url: '/photos/' + 'b'.repeat(64) + '.jpg', width: 1600, height: 1200 },
    ],
    points_awarded: 0,
    store_id: null,
    reject_reason: null,
    created_at: new Date(Date.now() - 3 * HOUR - 60_000).toISOString(),
    reviewed_at: null,
    user: { id: 7, nickname: 'サトシ', prefecture: '東京都' },
    duplicates: [{ store: duplicateStore, distance_m: 72.4 }],
    suggested_store_type: 'card_shop',
    ...overrides,
  };
}

const addressSubmission = submission({
  id: 12,
  store_name: 'ファミリーマート 梅田店',
  suggested_store_type: 'convenience',
  location_method: 'address',
  address: '大阪府大阪市北区梅田',
  lat: 34.7055,
  lng: 135.4983,
  location_precision: 'municipality',
  prefecture: 'osaka',
  prefecture_name: '大阪府',
  city: '大阪市北区',
  comment: '',
  photos: [],
  duplicates: [],
  user: null,
});

const storeTypes = [
  { key: 'card_shop', label: 'カードショップ', color: '#e53935', icon: '🃏' },
  { key: 'convenience', label: 'コンビニ', color: '#1e88e5', icon: '🏪' },
  { key: 'other', label: 'その他', color: '#757575', icon: '📍' },
];

const listOf = (data: unknown[], total = data.length) => jsonResponse({ success: true, data, total });
const initialData = () => jsonResponse({ success: true, data: { user: null, store_types: storeTypes } });

function listCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/admin/submissions');
}

function postsTo(fetchMock: ReturnType<typeof mockApi>, suffix: string) {
  return fetchMock.mock.calls.filter(([input, init]) => init?.method === 'POST' && String(input).endsWith(suffix));
}

function setup(handlers: Parameters<typeof mockApi>[0] = {}, route = '/admin') {
  const fetchMock = mockApi({
    '/api/v1/admin/submissions': () => listOf([submission(), addressSubmission]),
    '/api/v1/initial_data': initialData,
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<ModerationQueue />, { route });
  return { fetchMock, user };
}

async function firstCard() {
  const card = await screen.findByRole('article', { name: 'カードラボ新宿店' });
  // The review form shows once /config (its limits and default type) has answered.
  await within(card).findByRole('button', { name: '承認する' });
  return card;
}

describe('/admin moderation queue', () => {
  it('renders the pending submissions from the API shape', async () => {
    const { fetchMock } = setup();
    const card = await firstCard();

    expect(screen.getByRole('heading', { level: 1, name: '管理画面' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '審査待ち' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('admin-total')).toHaveTextContent('全2件');
    expect(card).toHaveTextContent('サトシ（東京都）');
    expect(card).toHaveTextContent('3時間前');
    expect(card).toHaveTextContent('GPS: 35.68950, 139.69170');
    expect(card).toHaveTextContent('配置: 東京都 新宿区（正確な位置）');
    expect(card).toHaveTextContent('2階のレジ横にパックがあります');
    expect(card).toHaveTextContent('近くに同じ名前の店舗があります: カードラボ 新宿店 (72 m)');
    expect(within(card).getByRole('button', { name: '「カードラボ 新宿店」に統合して承認' })).toHaveTextContent('統合');
    expect(within(card).getByRole('textbox', { name: '店舗名' })).toHaveValue('カードラボ新宿店');

    const other = screen.getByRole('article', { name: 'ファミリーマート 梅田店' });
    expect(other).toHaveTextContent('退会したユーザー');
    expect(other).toHaveTextContent('住所: 大阪府大阪市北区梅田');
    expect(other).toHaveTextContent('配置: 大阪府 大阪市北区（市区町村の中心）');
    expect(other).toHaveTextContent('コメントなし');
    expect(within(other).queryByRole('button', { name: /統合/ })).not.toBeInTheDocument();

    const [url] = listCalls(fetchMock);
    expect(url!.search).toBe('?status=pending&limit=20&offset=0');
  });

  it('opens a thumbnail as the full photo', async () => {
    const { user } = setup();
    const card = await firstCard();
    const thumb = within(card).getByRole('button', { name: '写真 1 を拡大' });
    expect(thumb.querySelector('img')).toHaveAttribute('src', '/photos/' + 'b'.repeat(64) + '.jpg');
    await user.click(thumb);
    const dialog = screen.getByRole('dialog', { name: '投稿写真 1 / 1' });
    expect(within(dialog).getByRole('img', { name: '投稿写真 1' })).toHaveAttribute('src', '/photos/' + 'a'.repeat(64) + '.jpg');
    expect(within(dialog).getByRole('link', { name: '新しいタブで開く' })).toHaveAttribute('target', '_blank');
  });

  it('switches the status with the tabs (click and arrow keys) and pages with offset', async () => {
    const approved = submission({
      id: 20,
      status: 'approved',
      store_name: '承認済みの店',
      points_awarded: 5,
      store_id: 300,
      reviewed_at: new Date(Date.now() - 2 * 24 * HOUR).toISOString(),
      duplicates: [],
    });
    const rejected = submission({ id: 21, status: 'rejected', store_name: '却下した店', reject_reason: '店舗が確認できません', duplicates: [] });
    const { fetchMock, user } = setup({
      '/api/v1/admin/submissions': (url) => {
        const status = url.searchParams.get('status');
        if (status === 'approved') return listOf([approved], 45);
        if (status === 'rejected') return listOf([rejected]);
        return listOf([submission()]);
      },
    });
    await firstCard();

    await user.click(screen.getByRole('tab', { name: '承認済み' }));
    const card = await screen.findByRole('article', { name: '承認済みの店' });
    expect(card).toHaveTextContent('付与ポイント: 5pt');
    expect(card).toHaveTextContent('2日前');
    expect(within(card).queryByRole('button', { name: '承認する' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?status=approved');
    expect(screen.getByTestId('admin-total')).toHaveTextContent('全45件');

    await user.click(screen.getByRole('button', { name: '次のページ' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.search).toBe('?status=approved&limit=20&offset=20'));
    expect(await screen.findByText('2 / 3ページ')).toBeInTheDocument();

    screen.getByRole('tab', { name: '承認済み' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '却下' })).toHaveFocus();
    expect(await screen.findByRole('article', { name: '却下した店' })).toHaveTextContent('却下理由: 店舗が確認できません');
    expect(listCalls(fetchMock).at(-1)!.search).toBe('?status=rejected&limit=20&offset=0');
  });

  it('approves with the edited name and type, without coordinates when the marker did not move', async () => {
    let pending = [submission(), addressSubmission];
    const { fetchMock, user } = setup({
      '/api/v1/admin/submissions': () => listOf(pending),
      'POST /api/v1/admin/submissions/11/approve': () => {
        pending = [addressSubmission];
        return jsonResponse({ success: true, message: '投稿を承認しました。', submission: { ...submission(), status: 'approved' }, store: duplicateStore });
      },
    });
    const card = await firstCard();
    const name = within(card).getByRole('textbox', { name: '店舗名' });
    const type = within(card).getByRole('combobox', { name: '店舗の種類' });
    // The form starts at the type the name suggests (カードラボ → カードショップ); the admin can change it.
    await waitFor(() => expect(type).toHaveValue('card_shop'));
    await user.clear(name);
    await user.type(name, ' カードラボ 新宿店 ');
    await user.selectOptions(type, 'other');
    await user.selectOptions(type, 'card_shop');
    await user.click(within(card).getByRole('button', { name: '承認する' }));

    await waitFor(() => expect(postsTo(fetchMock, '/11/approve')).toHaveLength(1));
    expect(sentBody(postsTo(fetchMock, '/11/approve')[0]![1])).toEqual({ name: 'カードラボ 新宿店', store_type: 'card_shop' });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'カードラボ新宿店' })).not.toBeInTheDocument());
    expect(toastStore.get()).toEqual([expect.objectContaining({ type: 'success', text: '投稿を承認しました。' })]);
    expect(screen.getByTestId('admin-total')).toHaveFocus();
  });

  it('sends the coordinates when the marker was dragged or typed in, and only then', async () => {
    const { fetchMock, user } = setup({
      'POST /api/v1/admin/submissions/11/approve': () => jsonResponse({ success: true, message: 'OK', submission: submission() }),
      'POST /api/v1/admin/submissions/12/approve': () => jsonResponse({ success: true, message: 'OK', submission: addressSubmission }),
    });
    const card = await firstCard();
    await user.click(within(card).getByRole('button', { name: '(test) drag the marker' }));
    expect(within(card).getByRole('textbox', { name: '緯度' })).toHaveValue('35.690123');
    expect(card).toHaveTextContent('位置を変更しました');
    await user.click(within(card).getByRole('button', { name: '承認する' }));
    await waitFor(() => expect(postsTo(fetchMock, '/11/approve')).toHaveLength(1));
    expect(sentBody(postsTo(fetchMock, '/11/approve')[0]![1])).toEqual({
      name: 'カードラボ新宿店',
      store_type: 'card_shop',
      lat: 35.690123,
      lng: 139.700432,
    });

    const other = screen.getByRole('article', { name: 'ファミリーマート 梅田店' });
    const lng = within(other).getByRole('textbox', { name: '経度' });
    await user.clear(lng);
    await user.type(lng, '135.5');
    await user.click(within(other).getByRole('button', { name: '元の位置に戻す' }));
    expect(lng).toHaveValue('135.4983');
    await user.clear(lng);
    await user.type(lng, '135.5');
    await user.click(within(other).getByRole('button', { name: '承認する' }));
    await waitFor(() => expect(postsTo(fetchMock, '/12/approve')).toHaveLength(1));
    expect(sentBody(postsTo(fetchMock, '/12/approve')[0]![1])).toEqual({ name: 'ファミリーマート 梅田店', store_type: 'convenience', lat: 34.7055, lng: 135.5 });
  });

  it('refuses an empty name or an invalid coordinate without sending', async () => {
    const { fetchMock, user } = setup();
    const card = await firstCard();
    await user.clear(within(card).getByRole('textbox', { name: '店舗名' }));
    await user.click(within(card).getByRole('button', { name: '承認する' }));
    expect(card).toHaveTextContent('店舗名を入力してください');
    await user.type(within(card).getByRole('textbox', { name: '店舗名' }), '店');
    await user.clear(within(card).getByRole('textbox', { name: '緯度' }));
    await user.type(within(card).getByRole('textbox', { name: '緯度' }), '95');
    await user.click(within(card).getByRole('button', { name: '承認する' }));
    expect(card).toHaveTextContent('緯度・経度を正しく入力してください');
    expect(postsTo(fetchMock, '/approve')).toHaveLength(0);
  });

  it('merges into a duplicate with merge_into_store_id', async () => {
    const { fetchMock, user } = setup({
      'POST /api/v1/admin/submissions/11/approve': () =>
        jsonResponse({ success: true, message: '既存の店舗に統合しました。', submission: submission(), store: duplicateStore }),
    });
    const card = await firstCard();
    await user.click(within(card).getByRole('button', { name: '「カードラボ 新宿店」に統合して承認' }));
    await waitFor(() => expect(postsTo(fetchMock, '/11/approve')).toHaveLength(1));
    expect(sentBody(postsTo(fetchMock, '/11/approve')[0]![1])).toEqual({ merge_into_store_id: 42 });
    await waitFor(() => expect(toastStore.get()).toEqual([expect.objectContaining({ text: '既存の店舗に統合しました。' })]));
  });

  it('rejects only with a reason (required, at most 500 characters)', async () => {
    const { fetchMock, user } = setup({
      'POST /api/v1/admin/submissions/11/reject': () => jsonResponse({ success: true, message: '投稿を却下しました。', submission: submission() }),
    });
    const card = await firstCard();
    await user.click(within(card).getByRole('button', { name: '却下する' }));
    const reason = within(card).getByRole('textbox', { name: /却下の理由/ });
    expect(reason).toHaveFocus();

    await user.click(within(card).getByRole('button', { name: '却下を確定' }));
    expect(card).toHaveTextContent('却下の理由を入力してください');
    expect(reason).toHaveFocus();

    await user.click(reason);
    await user.paste('あ'.repeat(501));
    await user.click(within(card).getByRole('button', { name: '却下を確定' }));
    expect(card).toHaveTextContent('却下の理由は500文字以内で入力してください（現在501文字）');
    expect(postsTo(fetchMock, '/reject')).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, '実在が確認できませんでした');
    await user.click(within(card).getByRole('button', { name: '却下を確定' }));
    await waitFor(() => expect(postsTo(fetchMock, '/11/reject')).toHaveLength(1));
    expect(sentBody(postsTo(fetchMock, '/11/reject')[0]![1])).toEqual({ reason: '実在が確認できませんでした' });
    await waitFor(() => expect(toastStore.get()).toEqual([expect.objectContaining({ type: 'success', text: '投稿を却下しました。' })]));
  });

  it('on 409 says someone else reviewed it and refreshes the list', async () => {
    let pending = [submission(), addressSubmission];
    const { fetchMock, user } = setup({
      '/api/v1/admin/submissions': () => listOf(pending),
      'POST /api/v1/admin/submissions/11/approve': () => {
        pending = [addressSubmission];
        return jsonResponse({ success: false, error: 'この投稿はすでに審査済みです', code: 'conflict' }, { status: 409 });
      },
    });
    const card = await firstCard();
    expect(listCalls(fetchMock)).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: '承認する' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'カードラボ新宿店' })).not.toBeInTheDocument());
    expect(listCalls(fetchMock)).toHaveLength(2);
    expect(toastStore.get()).toEqual([
      expect.objectContaining({ type: 'warning', text: 'この投稿はほかの管理者がすでに審査しました。一覧を更新しました。' }),
    ]);
    expect(screen.getByTestId('admin-total')).toHaveTextContent('全1件');
  });

  it("shows the server's Japanese error on the card and keeps it", async () => {
    const { user } = setup({
      'POST /api/v1/admin/submissions/11/approve': () =>
        jsonResponse({ success: false, error: '店舗の種類が正しくありません', code: 'bad_request' }, { status: 400 }),
    });
    const card = await firstCard();
    await user.click(within(card).getByRole('button', { name: '承認する' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('店舗の種類が正しくありません');
    expect(screen.getByRole('article', { name: 'カードラボ新宿店' })).toBeInTheDocument();
  });

  it('disables the buttons while a decision is being sent', async () => {
    let answer: (response: Response) => void = () => {};
    const { fetchMock, user } = setup({
      'POST /api/v1/admin/submissions/11/approve': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const card = await firstCard();
    await user.click(within(card).getByRole('button', { name: '承認する' }));
    const busy = await within(card).findByRole('button', { name: '承認中...' });
    expect(busy).toBeDisabled();
    expect(within(card).getByRole('button', { name: '却下する' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: /統合して承認/ })).toBeDisabled();
    await user.click(busy);
    expect(postsTo(fetchMock, '/approve')).toHaveLength(1);
    answer(jsonResponse({ success: true, message: 'OK', submission: submission() }));
    await waitFor(() => expect(toastStore.get()).toHaveLength(1));
  });

  it('shows the load error with a retry', async () => {
    let fail = true;
    const { user } = setup({
      '/api/v1/admin/submissions': () =>
        fail ? jsonResponse({ success: false, error: 'データベースが混雑しています', code: 'unavailable' }, { status: 503 }) : listOf([]),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('データベースが混雑しています');
    fail = false;
    await user.click(screen.getByRole('button', { name: '再試行' }));
    expect(await screen.findByText('審査待ちの投稿はありません')).toBeInTheDocument();
  });
});

describe('review form: the store type', () => {
  it('defaults to その他 when the server suggests nothing (or a type it does not know)', async () => {
    setup({ '/api/v1/admin/submissions': () => listOf([submission({ suggested_store_type: undefined }), submission({ id: 13, store_name: '謎の店', suggested_store_type: 'spaceship' })]) });
    const cards = await screen.findAllByRole('article');
    for (const card of cards) await waitFor(() => expect(within(card).getByRole('combobox', { name: '店舗の種類' })).toHaveValue('other'));
  });
});
