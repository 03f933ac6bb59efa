import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders } from '@/testing/test-utils';
import { LotteriesPage } from './LotteriesPage';

const NOW = Date.parse('2026-11-28T03:00:00Z');

function lottery(overrides: Record<string, unknown> = {}) {
  return {
    id: 11,
    store: { id: 5, name: 'ヨドバシカメラ 新宿西口本店', prefecture: 'tokyo', city: '新宿区', lat: 35.69, lng: 139.7 },
    product: { id: 3, name: 'テラスタルフェスex' },
    methods: ['web', 'app'],
    apply_start: '2026-11-27T01:00:00Z',
    apply_end: '2026-11-28T06:00:00Z', // 3 hours left
    result_at: '2026-12-01T03:00:00Z',
    purchase_start: null,
    purchase_end: null,
    conditions: ['members_only', 'other'],
    condition_note: 'ゴールドポイントカード会員',
    source_url: 'https://example.jp/news',
    ...overrides,
  };
}

const answer = (...rows: unknown[]) => () => jsonResponse({ success: true, data: rows });
const products = () => jsonResponse({ success: true, products: [{ id: 3, name: 'テラスタルフェスex', kind: 'pack', release_date: '2024-12-06', demo: true }] });

describe('/lotteries (抽選情報)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists each lottery with its state, countdown, store link, methods, Japan-time dates and conditions', async () => {
    mockApi({
      '/api/v1/products': products,
      '/api/v1/lotteries': answer(lottery(), lottery({ id: 12, apply_start: '2026-11-30T01:00:00Z', apply_end: '2026-12-05T14:59:00Z', conditions: [], condition_note: '', source_url: null, methods: ['store'] })),
    });
    renderWithProviders(<LotteriesPage />, { route: '/lotteries' });
    const cards = await screen.findAllByTestId('lottery-card');
    expect(screen.getByText('2件')).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('まもなく締切');
    expect(cards[0]).toHaveTextContent('締切まであと3時間');
    expect(cards[0]).toHaveTextContent('テラスタルフェスex');
    expect(within(cards[0]!).getByRole('link', { name: 'ヨドバシカメラ 新宿西口本店' })).toHaveAttribute('href', '/map?store=5');
    expect(cards[0]).toHaveTextContent('東京都新宿区');
    expect(cards[0]).toHaveTextContent('Web');
    expect(cards[0]).toHaveTextContent('アプリ');
    expect(cards[0]).toHaveTextContent('11/27(金) 10:00 〜 11/28(土) 15:00');
    expect(cards[0]).toHaveTextContent('当選発表12/1(火) 12:00');
    expect(cards[0]).toHaveTextContent('会員限定・その他');
    expect(cards[0]).toHaveTextContent('ゴールドポイントカード会員');
    const source = within(cards[0]!).getByRole('link', { name: '店舗の告知ページ' });
    expect(source).toHaveAttribute('href', 'https://example.jp/news');
    expect(source).toHaveAttribute('rel', 'noopener nofollow ugc');
    expect(cards[1]).toHaveTextContent('受付予定');
    expect(cards[1]).toHaveTextContent('受付開始まであと1日');
    expect(cards[1]).toHaveTextContent('条件の記載なし');
    expect(within(cards[1]!).queryByRole('link', { name: '店舗の告知ページ' })).toBeNull();
  });

  it('sends the filters from the URL and keeps a change in the URL', async () => {
    const calls = mockApi({ '/api/v1/products': products, '/api/v1/lotteries': answer() });
    const user = userEvent.setup();
    renderWithProviders(<LotteriesPage />, { route: '/lotteries?prefecture=osaka&loose=1' });
    expect(await screen.findByText('条件に合う受付中・受付予定の抽選はありません')).toBeInTheDocument();
    expect(calls.mock.calls.map(([path]) => path)).toContain('/api/v1/lotteries?prefecture=osaka&loose=1&limit=50');
    expect(screen.getByRole('checkbox', { name: /条件ゆるめ/ })).toBeChecked();

    await user.selectOptions(screen.getByRole('combobox', { name: '応募方法' }), 'store');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/lotteries?prefecture=osaka&loose=1&method=store'));
    await waitFor(() => expect(calls.mock.calls.map(([path]) => path)).toContain('/api/v1/lotteries?prefecture=osaka&method=store&loose=1&limit=50'));
    await waitFor(() => expect(screen.getByRole('option', { name: 'テラスタルフェスex' })).toBeInTheDocument());
  });

  it('a full page says it holds the soonest and 「もっと見る」 asks for more', async () => {
    const calls = mockApi({
      '/api/v1/products': products,
      '/api/v1/lotteries': (u) => answer(...Array.from({ length: Number(u.searchParams.get('limit')) }, (_, i) => lottery({ id: 100 + i })))(),
    });
    const user = userEvent.setup();
    renderWithProviders(<LotteriesPage />, { route: '/lotteries' });
    expect(await screen.findByText('締切の近い50件')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    expect(await screen.findByText('締切の近い100件')).toBeInTheDocument();
    expect(calls.mock.calls.map(([path]) => path)).toContain('/api/v1/lotteries?limit=100');
  });

  it('a failed load says so and offers a retry', async () => {
    let fail = true;
    mockApi({
      '/api/v1/products': products,
      '/api/v1/lotteries': () => (fail ? jsonResponse({ success: false, error: 'x', code: 'internal' }, { status: 500 }) : answer(lottery())()),
    });
    const user = userEvent.setup();
    renderWithProviders(<LotteriesPage />, { route: '/lotteries' });
    expect(await screen.findByText('抽選情報を読み込めませんでした。')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findAllByTestId('lottery-card')).toHaveLength(1);
  });
});
