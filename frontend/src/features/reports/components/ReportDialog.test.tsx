import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/stores/toast-store';
import { signInForTest } from '@/testing/fixtures';
import { jsonResponse, renderWithProviders, sentBody, mockApi } from '@/testing/test-utils';
import { useReportDialog } from '../hooks/use-report-dialog';
import { toLocalInputValue } from '../lib/report-form';

const store = { id: 12, name: 'カードショップ 秋葉原店' };
const PURCHASES = '/api/v1/purchases';

/** A page with one store's 報告する button, as the map popup wires it. */
function StorePage() {
  const report = useReportDialog();
  return (
    <>
      <button type="button" onClick={() => report.open(store)}>
        報告する
      </button>
      {report.dialog}
    </>
  );
}

function toasts(type: string) {
  return toastStore
    .get()
    .filter((toast) => toast.type === type)
    .map((toast) => toast.text);
}

async function openForm() {
  signInForTest();
  const user = userEvent.setup();
  const view = renderWithProviders(<StorePage />, { route: '/map' });
  await user.click(screen.getByRole('button', { name: '報告する' }));
  const dialog = screen.getByRole('dialog', { name: '購入報告' });
  return { ...view, user, dialog, submit: within(dialog).getByTestId('report-submit') };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('purchase report form', () => {
  it('a guest gets the login-needed warning and goes to /login', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StorePage />, { route: '/map' });
    await user.click(screen.getByRole('button', { name: '報告する' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts('warning')).toEqual(['購入報告をするにはログインが必要です']);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('needs a kind and a product; the time defaults to now and may not be in the future', async () => {
    const before = toLocalInputValue(new Date());
    const { user, dialog, submit } = await openForm();
    expect(dialog).toHaveTextContent('カードショップ 秋葉原店');
    const when = within(dialog).getByLabelText(/日時/);
    expect([before, toLocalInputValue(new Date())]).toContain((when as HTMLInputElement).value);
    expect(submit).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: '買えた' }));
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'BOX' }));
    expect(submit).toBeEnabled();

    fireEvent.change(when, { target: { value: toLocalInputValue(new Date(Date.now() + 2 * 3600_000)) } });
    expect(within(dialog).getByText('未来の日時は指定できません')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    fireEvent.change(when, { target: { value: toLocalInputValue(new Date(Date.now() - 31 * 86_400_000)) } });
    expect(within(dialog).getByText('30日より前の日時は指定できません')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    fireEvent.change(when, { target: { value: '' } });
    expect(within(dialog).getByText('日時を入力してください')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    fireEvent.change(when, { target: { value: toLocalInputValue(new Date(Date.now() - 3 * 3600_000)) } });
    expect(submit).toBeEnabled();
  });

  it('posts the report, toasts 購入報告を投稿しました, closes and refreshes the map, the timeline and the stats', async () => {
    let answer: ((response: Response) => void) | undefined;
    const fetchMock = mockApi({ [`POST ${PURCHASES}`]: () => new Promise<Response>((ok) => (answer = ok)) });
    const { user, dialog, submit, queryClient } = await openForm();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(within(dialog).getByRole('radio', { name: '売り切れ' }));
    await user.click(within(dialog).getByRole('radio', { name: 'パック' }));
    await user.type(within(dialog).getByRole('textbox', { name: /商品名/ }), ' テラスタルフェスex ');
    await user.type(within(dialog).getByRole('textbox', { name: /購入制限/ }), '1人5パックまで');
    const at = new Date(Date.now() - 90 * 60_000);
    fireEvent.change(within(dialog).getByLabelText(/日時/), { target: { value: toLocalInputValue(at) } });

    await user.click(submit);
    expect(submit).toBeDisabled();
    expect(submit).toHaveTextContent('送信中...');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(PURCHASES);
    expect(init?.method).toBe('POST');
    const expectedAt = new Date(at);
    expectedAt.setSeconds(0, 0);
    expect(sentBody(init)).toEqual({
      store_id: 12,
      kind: 'sold_out',
      product: 'pack',
      product_name: 'テラスタルフェスex',
      limit_note: '1人5パックまで',
      purchased_at: expectedAt.toISOString(),
    });

    answer!(jsonResponse({ success: true, message: '購入報告を投稿しました。' }, { status: 201 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts('success')).toEqual(['購入報告を投稿しました。']);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([['stores'], ['purchases'], ['stats']]));
  });

  it('leaves out blank optional texts; without a server message the fallback text', async () => {
    const fetchMock = mockApi({ [`POST ${PURCHASES}`]: () => jsonResponse({ success: true }, { status: 201 }) });
    const { user, dialog, submit } = await openForm();
    await user.click(within(dialog).getByRole('radio', { name: '買えた' }));
    await user.click(within(dialog).getByRole('radio', { name: 'シングル' }));
    await user.type(within(dialog).getByRole('textbox', { name: /商品名/ }), '   ');
    await user.click(submit);
    await waitFor(() => expect(toasts('success')).toEqual(['購入報告を投稿しました']));
    expect(Object.keys(sentBody(fetchMock.mock.calls[0]![1]) as object).sort()).toEqual(['kind', 'product', 'purchased_at', 'store_id']);
  });

  it('a refusal shows the server’s error and keeps the form open', async () => {
    mockApi({
      [`POST ${PURCHASES}`]: () => jsonResponse({ success: false, error: '店舗が見つかりません', code: 'not_found' }, { status: 404 }),
    });
    const { user, dialog, submit } = await openForm();
    await user.click(within(dialog).getByRole('radio', { name: '買えた' }));
    await user.click(within(dialog).getByRole('radio', { name: 'パック' }));
    await user.click(submit);
    await waitFor(() => expect(toasts('error')).toEqual(['店舗が見つかりません']));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '買えた' })).toBeChecked();
  });
});
