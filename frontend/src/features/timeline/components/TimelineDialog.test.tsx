import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders, mockApi } from '@/testing/test-utils';
import { TimelineButton } from './TimelineButton';

const item = {
  id: 1,
  store: { id: 10, name: 'カードショップ 秋葉原店', prefecture: '東京都', prefecture_code: 'tokyo', city: '千代田区' },
  purchased_at: new Date(Date.now() - 3 * 3600_000 - 60_000).toISOString(),
  created_at: new Date().toISOString(),
  kind: 'bought',
  product: 'box',
  product_name: 'テラスタルフェスex',
  limit_note: '1人1BOXまで',
};

async function openDialog() {
  const user = userEvent.setup();
  renderWithProviders(<TimelineButton />);
  await user.click(screen.getByRole('button', { name: '最新の購入報告を見る' }));
  return { user, dialog: screen.getByRole('dialog', { name: '最新の購入報告' }) };
}

describe('最新の購入報告 dialog', () => {
  it('shows the loading state while the timeline loads', async () => {
    mockApi({ '/api/v1/purchases/timeline': () => new Promise<Response>(() => {}) });
    const { dialog } = await openDialog();
    expect(within(dialog).getByRole('status')).toHaveTextContent('読み込み中...');
  });

  it('shows the empty state', async () => {
    mockApi({ '/api/v1/purchases/timeline': () => jsonResponse({ success: true, data: [] }) });
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText('まだ購入報告はありません')).toBeInTheDocument();
  });

  it('lists items with store, place, product, kind and relative time', async () => {
    const fetchMock = mockApi({ '/api/v1/purchases/timeline': () => jsonResponse({ success: true, data: [item] }) });
    const { dialog } = await openDialog();
    const list = await within(dialog).findByTestId('timeline-list');
    expect(within(list).getByRole('link', { name: 'カードショップ 秋葉原店' })).toHaveAttribute('href', '/map?store=10');
    expect(list).toHaveTextContent('東京都 千代田区');
    expect(list).toHaveTextContent('3時間前');
    expect(list).toHaveTextContent('購入できた');
    expect(list).toHaveTextContent('BOX');
    expect(list).toHaveTextContent('テラスタルフェスex');
    expect(list).toHaveTextContent('購入制限: 1人1BOXまで');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/purchases/timeline?limit=20');
  });

  it('shows a report’s sale terms (Japan time); an older report without them shows none', async () => {
    const withTerms = {
      ...item,
      id: 2,
      limit_note: null,
      product_id: 3,
      sale_method: 'first_come',
      limit_count: 1,
      limit_unit: 'box',
      sales_started_at: '2026-11-20T22:00:00Z',
    };
    mockApi({ '/api/v1/purchases/timeline': () => jsonResponse({ success: true, data: [withTerms, item] }) });
    const { dialog } = await openDialog();
    const list = await within(dialog).findByTestId('timeline-list');
    const terms = within(list).getAllByTestId('timeline-terms');
    expect(terms).toHaveLength(1);
    expect(terms[0]).toHaveTextContent('先着・1人1BOXまで・7:00〜');
  });

  it('does not load before it is opened, and closes with Escape', async () => {
    const fetchMock = mockApi({ '/api/v1/purchases/timeline': () => jsonResponse({ success: true, data: [] }) });
    const user = userEvent.setup();
    renderWithProviders(<TimelineButton />);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '最新の購入報告を見る' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '最新の購入報告を見る' })).toHaveFocus();
  });
  it('shows the confirmations of each report and marks a denied one as likely outdated', async () => {
    const calls = mockApi({
      '/api/v1/purchases/timeline': () => jsonResponse({ success: true, data: [item, { ...item, id: 2 }] }),
      '/api/v1/purchases/confirmations': () =>
        jsonResponse({
          success: true,
          confirmations: [
            { report_id: 1, still: 3, gone: 0, latest_at: new Date(Date.now() - 40 * 60_000).toISOString(), mine: null, outdated: false, reporter_trusted: true, answerable: true, own: false },
            { report_id: 2, still: 0, gone: 2, latest_at: new Date(Date.now() - 5 * 60_000).toISOString(), mine: null, outdated: true, reporter_trusted: false, answerable: true, own: false },
          ],
        }),
    });
    const { dialog } = await openDialog();
    const rows = await within(dialog).findAllByRole('listitem');
    await waitFor(() => expect(rows[0]).toHaveTextContent('3人がまだ買えたと確認・40分前'));
    expect(rows[0]).toHaveTextContent('確認の多い報告者');
    expect(rows[1]).toHaveTextContent('2人が売り切れだったと回答・5分前');
    expect(rows[1]).toHaveTextContent('情報が古い可能性があります');
    // Counts only: the buttons are the store sheet's.
    expect(within(dialog).queryByRole('button', { name: 'まだ買えた' })).toBeNull();
    expect(calls.mock.calls.some(([path]) => path === '/api/v1/purchases/confirmations?report_ids=1%2C2')).toBe(true);
  });
});
