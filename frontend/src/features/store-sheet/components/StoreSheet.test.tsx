import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/Toaster';
import { signInForTest } from '@/testing/fixtures';
import { storeFixture, storeTypesAnswer } from '@/testing/store-fixtures';
import { jsonResponse, renderWithProviders, sentBody, mockApi } from '@/testing/test-utils';
import { StoreSheet } from './StoreSheet';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const detail = {
  ...storeFixture,
  location_precision: 'municipality',
  last_report_at: hoursAgo(2),
  last_report_kind: 'bought',
  status: 'active',
  photos: [
    { url: '/media/a.jpg', thumb_url: '/media/a_thumb.jpg' },
    { url: '/media/b.jpg', thumb_url: '/media/b_thumb.jpg' },
  ],
  recent_reports: [
    { id: 11, kind: 'bought', product: 'box', product_name: 'テラスタルフェスex', limit_note: '1人1BOXまで', purchased_at: hoursAgo(2), created_at: hoursAgo(2) },
    { id: 10, kind: 'sold_out', product: 'pack', product_name: null, limit_note: null, purchased_at: hoursAgo(30), created_at: hoursAgo(30) },
  ],
  activity: { days: 30, by_weekday: [0, 1, 0, 0, 0, 3, 2], by_hour: Array.from({ length: 24 }, (_, h) => (h === 18 ? 4 : h === 11 ? 2 : 0)) },
};

function stubStore(overrides: Record<string, unknown> = {}, favorites: unknown[] = []) {
  let favs = favorites;
  return mockApi({
    '/api/v1/initial_data': () => jsonResponse(storeTypesAnswer),
    '/api/v1/stores/5': () => jsonResponse({ success: true, data: { ...detail, ...overrides } }),
    'GET /api/v1/favorites': () => jsonResponse({ success: true, favorites: favs }),
    'POST /api/v1/favorites': () => {
      favs = [{ store: { ...storeFixture, status: 'active' }, created_at: new Date().toISOString() }];
      return jsonResponse({ success: true, favorite: { store_id: 5, created_at: new Date().toISOString() } }, { status: 201 });
    },
    'DELETE /api/v1/favorites/5': () => {
      favs = [];
      return jsonResponse({ success: true });
    },
  });
}

describe('StoreSheet', { timeout: 20_000 }, () => {
  it('shows everything GET /stores/{id} knows: type, name, address, position note, sells, freshness, history', async () => {
    stubStore();
    renderWithProviders(<StoreSheet storeId="5" onClose={() => {}} />);
    const sheet = screen.getByTestId('store-sheet');
    expect(within(sheet).getByRole('status')).toHaveTextContent('店舗情報を読み込み中...');
    expect(await within(sheet).findByRole('heading', { name: 'カードショップ池袋' })).toBeInTheDocument();
    expect(sheet).toHaveTextContent('東京都豊島区東池袋1-1-1');
    expect(sheet).toHaveTextContent('位置はおおよそです');
    expect(sheet).toHaveTextContent('取り扱い: パック・BOX');
    expect(screen.getByTestId('store-sheet-freshness')).toHaveTextContent('最終報告: 2時間前（購入できた）');
    const history = within(screen.getByTestId('store-sheet-history')).getAllByRole('listitem');
    expect(history).toHaveLength(2);
    expect(history[0]).toHaveTextContent('購入できた');
    expect(history[0]).toHaveTextContent('BOX・テラスタルフェスex');
    expect(history[0]).toHaveTextContent('購入制限: 1人1BOXまで');
    expect(history[0]).toHaveTextContent('2時間前');
    expect(history[1]).toHaveTextContent('売り切れ');
    expect(history[1]).toHaveTextContent('1日前');
    // The store type's label arrives with /initial_data.
    expect(await within(sheet).findByText('カードショップ')).toBeInTheDocument();
    expect(within(sheet).getByRole('link', { name: 'Googleマップで経路を見る' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=35.7295,139.7109',
    );
  });

  it('draws the lazy weekday/hour chart of the last 30 days in SVG', async () => {
    stubStore();
    renderWithProviders(<StoreSheet storeId="5" onClose={() => {}} />);
    const weekday = await screen.findByTestId('activity-weekday', {}, { timeout: 5000 });
    expect(weekday.tagName.toLowerCase()).toBe('svg');
    expect(weekday).toHaveAccessibleName(/金曜日: 3件/);
    expect(screen.getByTestId('activity-hour')).toHaveAccessibleName('11時台: 2件、18時台: 4件');
    expect(screen.getByText('過去30日の購入報告')).toBeInTheDocument();
  });

  it('opens a thumbnail full size in the lazy viewer; arrows and keys move between the photos', async () => {
    stubStore();
    const user = userEvent.setup();
    renderWithProviders(<StoreSheet storeId="5" onClose={() => {}} />);
    const thumbs = await screen.findAllByRole('button', { name: /写真\d枚目を拡大/ });
    expect(thumbs).toHaveLength(2);
    expect(thumbs[0]!.querySelector('img')).toHaveAttribute('src', '/media/a_thumb.jpg');
    await user.click(thumbs[1]!);
    const viewer = await screen.findByRole('dialog', { name: 'カードショップ池袋の写真' }, { timeout: 5000 });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/media/b.jpg');
    expect(viewer).toHaveTextContent('2 / 2');
    await user.click(within(viewer).getByRole('button', { name: '次の写真' }));
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/media/a.jpg');
    await user.keyboard('{ArrowLeft}');
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/media/b.jpg');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('★ adds the store to the favourites and removes it again (signed in)', async () => {
    signInForTest();
    const fetchMock = stubStore();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <StoreSheet storeId="5" onClose={() => {}} />
        <Toaster />
      </>,
    );
    const star = await screen.findByTestId('store-sheet-favorite');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/favorites'))).toBe(true));
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    expect(await screen.findByText('お気に入りに追加しました')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find((c) => c[1]?.method === 'POST')!;
    expect(sentBody(post[1])).toEqual({ store_id: 5 });
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(star).toHaveAccessibleName('お気に入りから外す');
    await user.click(star);
    expect(await screen.findByText('お気に入りから外しました')).toBeInTheDocument();
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
  });

  it('★ sends a guest to /login', async () => {
    stubStore();
    const user = userEvent.setup();
    renderWithProviders(<StoreSheet storeId="5" onClose={() => {}} />, { route: '/map?store=5' });
    await user.click(await screen.findByTestId('store-sheet-favorite'));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('報告する hands the store to the report form; ルートに追加 shows only when the routes feature fills its slot', async () => {
    stubStore();
    const onReport = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<StoreSheet storeId="5" onClose={() => {}} onReport={onReport} />);
    await user.click(await screen.findByTestId('store-sheet-report'));
    expect(onReport).toHaveBeenCalledWith(expect.objectContaining({ id: 5, name: 'カードショップ池袋' }));
    expect(screen.queryByRole('button', { name: 'ルートに追加' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <StoreSheet storeId="5" onClose={() => {}} tripAction={(s) => <button type="button">ルートに追加 {s.name}</button>} />,
    );
    expect(await screen.findByRole('button', { name: 'ルートに追加 カードショップ池袋' })).toBeInTheDocument();
  });

  it('shares with the Web Share API when present, else offers X and LINE links with the store URL', async () => {
    stubStore();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<StoreSheet storeId="5" onClose={() => {}} />);
    await user.click(await screen.findByTestId('store-sheet-share'));
    const url = encodeURIComponent(`${window.location.origin}/map?store=5`);
    expect(screen.getByRole('link', { name: 'Xでポスト' })).toHaveAttribute(
      'href',
      `https://x.com/intent/post?text=${encodeURIComponent('カードショップ池袋（ポケカ販売店マップ）')}&url=${url}`,
    );
    expect(screen.getByRole('link', { name: 'LINEで送る' })).toHaveAttribute(
      'href',
      `https://social-plugins.line.me/lineit/share?url=${url}`,
    );
    unmount();

    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share }));
    renderWithProviders(<StoreSheet storeId="5" onClose={() => {}} />);
    await user.click(await screen.findByTestId('store-sheet-share'));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${window.location.origin}/map?store=5` }));
    expect(screen.queryByRole('link', { name: 'Xでポスト' })).not.toBeInTheDocument();
  });

  it('says when a store is closed or hidden, and when it does not exist; Escape and × close', async () => {
    stubStore({ status: 'closed' });
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<StoreSheet storeId="5" onClose={onClose} onReport={() => {}} />);
    expect(await screen.findByText('この店舗は閉店・非表示になっています')).toBeInTheDocument();
    expect(screen.queryByTestId('store-sheet-report')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: '店舗の詳細を閉じる' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    unmount();

    renderWithProviders(<StoreSheet storeId="404" onClose={onClose} />);
    expect(await screen.findByText('この店舗は見つかりませんでした。削除された可能性があります。')).toBeInTheDocument();
  });
});

