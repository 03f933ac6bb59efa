import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders, mockApi } from '@/testing/test-utils';
import { RankingDialog } from './RankingDialog';

const all = [
  { rank: 1, nickname: 'サトシ', prefecture: '東京都', approved_submissions_count: 9, points: 41 },
  { rank: 2, nickname: 'カスミ', prefecture: null, approved_submissions_count: 6, points: 30 },
  { rank: 2, nickname: 'タケシ', prefecture: '大阪府', approved_submissions_count: 7, points: 30 },
  { rank: 4, nickname: 'マサラ', prefecture: null, approved_submissions_count: 1, points: 1234 },
];
const month = [{ rank: 1, nickname: 'カスミ', prefecture: null, approved_submissions_count: 2, points: 6 }];

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <RankingDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function rows(dialog: HTMLElement) {
  return within(within(dialog).getByTestId('ranking-list')).getAllByTestId('ranking-row');
}

describe('投稿ランキング dialog (SPEC §2 Shell, PRODUCT §5)', () => {
  it('does not load while closed; loads 総合 on open with medals for ranks 1–3 only and points in pt', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((ok) => (release = ok));
    const fetchMock = mockApi({
      '/api/v1/users/ranking': async () => {
        await gate;
        return jsonResponse({ success: true, period: 'all', ranking: all });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<Opener />);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByRole('dialog', { name: '投稿ランキング' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('読み込み中...');
    expect(within(dialog).getByRole('tab', { name: '総合' })).toHaveAttribute('aria-selected', 'true');

    await act(async () => release());
    await within(dialog).findByTestId('ranking-list');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/users/ranking?period=all');
    const [first, second, third, fourth] = rows(dialog);
    expect(first).toHaveTextContent('🥇');
    expect(first).toHaveTextContent('サトシ');
    expect(first).toHaveTextContent('東京都');
    expect(within(first!).getByTestId('ranking-points')).toHaveTextContent(/^41pt$/);
    expect(first).toHaveTextContent('承認9件');
    expect(second).toHaveTextContent('🥈');
    expect(second).not.toHaveTextContent('null');
    // Standard competition ranks: two second places share the silver medal, no bronze.
    expect(third).toHaveTextContent('🥈');
    expect(third).toHaveTextContent('大阪府');
    expect(fourth).toHaveTextContent('4位');
    expect(fourth).not.toHaveTextContent(/🥇|🥈|🥉/);
    expect(within(fourth!).getByTestId('ranking-points')).toHaveTextContent(/^1,234pt$/);
  });

  it('今月 loads period=month; its empty state; back to 総合 from the cache', async () => {
    const fetchMock = mockApi({
      '/api/v1/users/ranking': (url) =>
        jsonResponse({ success: true, period: url.searchParams.get('period'), ranking: url.searchParams.get('period') === 'month' ? [] : month }),
    });
    const user = userEvent.setup();
    renderWithProviders(<RankingDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByTestId('ranking-list');

    await user.click(within(dialog).getByRole('tab', { name: '今月' }));
    expect(within(dialog).getByRole('tab', { name: '今月' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(dialog).findByText('今月の承認済み投稿はまだありません')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/api/v1/users/ranking?period=month');

    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('tab', { name: '総合' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: '総合' })).toHaveFocus();
    expect(rows(dialog)).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows the empty state when nobody has points yet', async () => {
    mockApi({ '/api/v1/users/ranking': () => jsonResponse({ success: true, period: 'all', ranking: [] }) });
    renderWithProviders(<RankingDialog open onClose={() => {}} />);
    expect(await screen.findByText('まだランキングはありません')).toBeInTheDocument();
  });

  it('a load failure says ランキングの取得に失敗しました with 再試行, which loads again', async () => {
    let fail = true;
    mockApi({
      '/api/v1/users/ranking': () =>
        fail
          ? jsonResponse({ success: false, error: 'サーバーエラー', code: 'internal' }, { status: 500 })
          : jsonResponse({ success: true, period: 'all', ranking: all }),
    });
    const user = userEvent.setup();
    renderWithProviders(<RankingDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('ランキングの取得に失敗しました');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: '再試行' }));
    await waitFor(() => expect(rows(dialog)).toHaveLength(4));
  });

  it('an answer without points is a load failure (the contract requires them)', async () => {
    mockApi({
      '/api/v1/users/ranking': () =>
        jsonResponse({ success: true, ranking: [{ rank: 1, nickname: 'サトシ', prefecture: null, approved_submissions_count: 3 }] }),
    });
    renderWithProviders(<RankingDialog open onClose={() => {}} />);
    expect(await screen.findByText('ランキングの取得に失敗しました')).toBeInTheDocument();
  });

  it('closes via × and via the overlay', async () => {
    mockApi({ '/api/v1/users/ranking': () => jsonResponse({ success: true, ranking: [] }) });
    let closed = 0;
    const user = userEvent.setup();
    renderWithProviders(<RankingDialog open onClose={() => closed++} />);
    await user.click(screen.getByRole('button', { name: '閉じる' }));
    expect(closed).toBe(1);
    await act(async () => {
      fireEvent.mouseDown(screen.getByTestId('dialog-overlay'));
    });
    expect(closed).toBe(2);
  });
});
