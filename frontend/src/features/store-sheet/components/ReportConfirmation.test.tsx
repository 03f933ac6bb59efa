import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/Toaster';
import { signInForTest } from '@/testing/fixtures';
import { storeFixture, storeTypesAnswer } from '@/testing/store-fixtures';
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/testing/test-utils';
import { StoreSheet } from './StoreSheet';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const detail = {
  ...storeFixture,
  status: 'active',
  last_report_at: minutesAgo(60),
  last_report_kind: 'bought',
  photos: [],
  recent_reports: [
    { id: 21, kind: 'bought', product: 'pack', product_name: null, limit_note: null, purchased_at: minutesAgo(60), created_at: minutesAgo(60) },
    { id: 20, kind: 'bought', product: 'box', product_name: null, limit_note: null, purchased_at: minutesAgo(90), created_at: minutesAgo(90) },
  ],
};

const confirmation = (overrides: Record<string, unknown>) => ({
  report_id: 21,
  still: 0,
  gone: 0,
  latest_at: null,
  mine: null,
  outdated: false,
  reporter_trusted: false,
  answerable: true,
  own: false,
  ...overrides,
});

function stub(list: unknown[], onPut?: (body: unknown) => unknown) {
  return mockApi({
    '/api/v1/initial_data': () => jsonResponse(storeTypesAnswer),
    '/api/v1/stores/5': () => jsonResponse({ success: true, data: detail }),
    'GET /api/v1/favorites': () => jsonResponse({ success: true, favorites: [] }),
    'GET /api/v1/purchases/confirmations': () => jsonResponse({ success: true, confirmations: list }),
    'PUT /api/v1/purchases/21/confirmation': (_url, sent) =>
      jsonResponse({ success: true, confirmation: onPut?.(sentBody(sent)) }),
  });
}

describe('ReportConfirmation in the store sheet', { timeout: 20_000 }, () => {
  it('asks once for the counts of every report and shows 「N人がまだ買えたと確認・…前」', async () => {
    const calls = stub([
      confirmation({ still: 3, latest_at: minutesAgo(40) }),
      confirmation({ report_id: 20, gone: 2, still: 1, latest_at: minutesAgo(5), outdated: true }),
    ]);
    renderWithProviders(<StoreSheet storeId="5" onClose={() => {}} />);
    const history = await screen.findByTestId('store-sheet-history');
    await waitFor(() => expect(within(history).getAllByTestId('confirmation-count')).toHaveLength(2));
    const rows = within(history).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('3人がまだ買えたと確認・40分前');
    expect(rows[1]).toHaveTextContent('まだ買えた1人・売り切れだった2人・5分前');
    expect(within(rows[1]!).getByTestId('confirmation-outdated')).toHaveTextContent('情報が古い可能性があります');
    expect(within(rows[0]!).queryByTestId('confirmation-outdated')).toBeNull();
    const asked = calls.mock.calls.filter(([path]) => path.startsWith('/api/v1/purchases/confirmations'));
    expect(asked).toHaveLength(1);
    expect(asked[0]![0]).toBe('/api/v1/purchases/confirmations?report_ids=21%2C20');
    // A guest reads the counts but gets no buttons.
    expect(screen.queryByTestId('confirmation-buttons')).toBeNull();
  });

  it('lets a signed-in user answer a report of the last day; the answer goes to the server', async () => {
    signInForTest({ id: 7 });
    const sent: unknown[] = [];
    let mine: string | null = null;
    stub([confirmation({}), confirmation({ report_id: 20, answerable: false })], (body) => {
      sent.push(body);
      mine = (body as { answer: string }).answer;
      return confirmation({ mine, still: mine === 'still' ? 1 : 0, gone: mine === 'gone' ? 1 : 0, latest_at: minutesAgo(0) });
    });
    renderWithProviders(
      <>
        <StoreSheet storeId="5" onClose={() => {}} />
        <Toaster />
      </>,
    );
    const buttons = await screen.findAllByTestId('confirmation-buttons');
    expect(buttons).toHaveLength(1); // the older report can no longer be answered
    const still = within(buttons[0]!).getByRole('button', { name: 'まだ買えた' });
    expect(within(buttons[0]!).getByRole('button', { name: '売り切れだった' })).toHaveAttribute('aria-pressed', 'false');
    expect(still).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(still);
    await waitFor(() => expect(sent).toEqual([{ answer: 'still' }]));
    expect(await screen.findByText('回答しました。ありがとうございます')).toBeInTheDocument();
  });

  it('shows no buttons on the viewer’s own report', async () => {
    signInForTest({ id: 7 });
    stub([confirmation({ own: true, still: 2, latest_at: minutesAgo(3) })]);
    renderWithProviders(<StoreSheet storeId="5" onClose={() => {}} />);
    expect(await screen.findByText('2人がまだ買えたと確認・3分前')).toBeInTheDocument();
    expect(screen.queryByTestId('confirmation-buttons')).toBeNull();
  });

  it('marks the chosen answer as pressed', async () => {
    signInForTest({ id: 7 });
    stub([confirmation({ mine: 'gone', gone: 1, latest_at: minutesAgo(1), outdated: true })]);
    renderWithProviders(<StoreSheet storeId="5" onClose={() => {}} />);
    const buttons = await screen.findByTestId('confirmation-buttons');
    expect(within(buttons).getByRole('button', { name: '売り切れだった' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(buttons).getByRole('button', { name: 'まだ買えた' })).toHaveAttribute('aria-pressed', 'false');
  });
});
