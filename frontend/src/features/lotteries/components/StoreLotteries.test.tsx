import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders } from '@/testing/test-utils';
import StoreLotteries from './StoreLotteries';

const NOW = Date.parse('2026-11-28T03:00:00Z');

function lottery(overrides: Record<string, unknown> = {}) {
  return {
    id: 11,
    store: { id: 5, name: 'ヨドバシカメラ 新宿西口本店', prefecture: 'tokyo', city: '新宿区', lat: 35.69, lng: 139.7 },
    product: { id: 3, name: 'テラスタルフェスex' },
    methods: ['web', 'app'],
    apply_start: '2026-11-27T01:00:00Z',
    apply_end: '2026-11-28T06:00:00Z', // 3 hours left
    result_at: null,
    purchase_start: null,
    purchase_end: null,
    conditions: [],
    condition_note: '',
    source_url: null,
    ...overrides,
  };
}

describe("a store sheet's lotteries", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks for this store's entries and lists each with its state and a countdown that moves by itself", async () => {
    const calls = mockApi({
      '/api/v1/lotteries': () =>
        jsonResponse({
          success: true,
          data: [lottery(), lottery({ id: 12, product: { id: null, name: '超電ブレイカー' }, methods: ['store'], apply_start: '2026-11-30T01:00:00Z', apply_end: '2026-12-02T01:00:00Z' })],
        }),
    });
    renderWithProviders(<StoreLotteries storeId={5} sectionClassName="s" titleClassName="t" />);
    const section = await screen.findByTestId('store-sheet-lotteries');
    expect(calls).toHaveBeenCalledTimes(1);
    expect(calls.mock.calls[0]![0]).toContain('store_id=5');
    expect(within(section).getByRole('heading', { name: 'この店舗の抽選' })).toBeInTheDocument();
    const items = within(section).getAllByTestId('store-sheet-lottery-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('まもなく締切');
    expect(items[0]).toHaveTextContent('締切まであと3時間');
    expect(items[0]).toHaveTextContent('テラスタルフェスex');
    expect(items[0]).toHaveTextContent('締切 11/28(土) 15:00');
    expect(items[0]).toHaveTextContent('Web・アプリ');
    expect(items[1]).toHaveTextContent('受付予定');
    expect(items[1]).toHaveTextContent('受付開始 11/30(月) 10:00');
    expect(within(section).getByRole('link', { name: '抽選情報の一覧へ' })).toHaveAttribute('href', '/lotteries');

    // An hour later the countdown says so, without another request.
    await act(async () => {
      vi.advanceTimersByTime(60 * 60_000);
    });
    expect(items[0]).toHaveTextContent('締切まであと2時間');
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('shows nothing for a store without open or upcoming lotteries', async () => {
    let answered = false;
    mockApi({
      '/api/v1/lotteries': () => {
        answered = true;
        return jsonResponse({ success: true, data: [] });
      },
    });
    renderWithProviders(<StoreLotteries storeId={7} sectionClassName="s" titleClassName="t" />);
    await act(async () => {
      await vi.waitFor(() => expect(answered).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 20)); // the answer reaches the component
    });
    expect(screen.queryByTestId('store-sheet-lotteries')).not.toBeInTheDocument();
  });
});
