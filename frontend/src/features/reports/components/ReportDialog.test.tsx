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
const PRODUCTS = '/api/v1/products';
const CATALOGUE = {
  success: true,
  products: [
    { id: 3, name: 'テラスタルフェスex', kind: 'pack', release_date: '2024-12-06' },
    { id: 9, name: 'スペシャルBOX', kind: 'box', release_date: '2025-09-12' },
  ],
};

/** The API with the catalogue and `post` answering POST /purchases; the POST calls. */
function api(post: () => Response | Promise<Response>) {
  const calls = mockApi({ [`GET ${PRODUCTS}`]: () => jsonResponse(CATALOGUE), [`POST ${PURCHASES}`]: post });
  return {
    calls,
    posts: () => calls.mock.calls.filter(([path]) => path === PURCHASES).map(([, sent]) => sent),
  };
}

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
    api(() => jsonResponse({ success: true }, { status: 201 }));
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
    const { posts } = api(() => new Promise<Response>((ok) => (answer = ok)));
    const { user, dialog, submit, queryClient } = await openForm();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(within(dialog).getByRole('radio', { name: '売り切れ' }));
    await user.click(within(dialog).getByRole('radio', { name: 'パック' }));
    const catalog = within(dialog).getByTestId('report-catalog');
    await waitFor(() => expect(within(catalog).getByRole('option', { name: 'テラスタルフェスex' })).toBeInTheDocument());
    await user.selectOptions(catalog, 'その他（自分で入力）');
    await user.type(within(dialog).getByRole('textbox', { name: /その他の商品名/ }), ' 黒炎の支配者 ');
    const at = new Date(Date.now() - 90 * 60_000);
    fireEvent.change(within(dialog).getByLabelText(/日時/), { target: { value: toLocalInputValue(at) } });

    await user.click(submit);
    expect(submit).toBeDisabled();
    expect(submit).toHaveTextContent('送信中...');
    const [sent] = posts();
    const expectedAt = new Date(at);
    expectedAt.setSeconds(0, 0);
    expect(sentBody(sent)).toEqual({
      store_id: 12,
      kind: 'sold_out',
      product: 'pack',
      product_name: '黒炎の支配者',
      purchased_at: expectedAt.toISOString(),
    });

    answer!(jsonResponse({ success: true, message: '購入報告を投稿しました。' }, { status: 201 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts('success')).toEqual(['購入報告を投稿しました。']);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([['stores'], ['purchases'], ['stats']]));
  });

  it('leaves out blank optional texts; without a server message the fallback text', async () => {
    const { posts } = api(() => jsonResponse({ success: true }, { status: 201 }));
    const { user, dialog, submit } = await openForm();
    await user.click(within(dialog).getByRole('radio', { name: '買えた' }));
    await user.click(within(dialog).getByRole('radio', { name: 'シングル' }));
    await user.selectOptions(within(dialog).getByTestId('report-catalog'), 'その他（自分で入力）');
    await user.type(within(dialog).getByRole('textbox', { name: /その他の商品名/ }), '   ');
    await user.click(within(dialog).getByRole('radio', { name: '不明' }));
    await user.click(submit);
    await waitFor(() => expect(toasts('success')).toEqual(['購入報告を投稿しました']));
    expect(Object.keys(sentBody(posts()[0]) as object).sort()).toEqual(['kind', 'product', 'purchased_at', 'store_id']);
  });

  it('a refusal shows the server’s error and keeps the form open', async () => {
    api(() => jsonResponse({ success: false, error: '店舗が見つかりません', code: 'not_found' }, { status: 404 }));
    const { user, dialog, submit } = await openForm();
    await user.click(within(dialog).getByRole('radio', { name: '買えた' }));
    await user.click(within(dialog).getByRole('radio', { name: 'パック' }));
    await user.click(submit);
    await waitFor(() => expect(toasts('error')).toEqual(['店舗が見つかりません']));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '買えた' })).toBeChecked();
  });

  it('sends a catalogue product and the sale terms: 先着・1人1BOXまで・7:00', async () => {
    const { posts } = api(() => jsonResponse({ success: true }, { status: 201 }));
    const { user, dialog, submit } = await openForm();
    await user.click(within(dialog).getByRole('radio', { name: '買えた' }));
    await user.click(within(dialog).getByRole('radio', { name: 'BOX' }));
    const catalog = within(dialog).getByTestId('report-catalog');
    await waitFor(() => expect(within(catalog).getByRole('option', { name: 'スペシャルBOX' })).toBeInTheDocument());
    await user.selectOptions(catalog, 'スペシャルBOX');
    expect(within(dialog).queryByRole('textbox', { name: /その他の商品名/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '先着' }));
    await user.type(within(dialog).getByTestId('report-limit-count'), '1');
    await user.selectOptions(within(dialog).getByTestId('report-limit-unit'), 'BOX');
    // The purchase at 9:30 today (the device's time), sales from 7:00.
    const at = new Date();
    at.setHours(9, 30, 0, 0);
    if (at.getTime() > Date.now()) at.setDate(at.getDate() - 1);
    fireEvent.change(within(dialog).getByLabelText(/日時/), { target: { value: toLocalInputValue(at) } });
    fireEvent.change(within(dialog).getByTestId('report-sales-started-at'), { target: { value: '07:00' } });
    await user.click(submit);
    await waitFor(() => expect(posts()).toHaveLength(1));
    const start = new Date(at);
    start.setHours(7, 0, 0, 0);
    expect(sentBody(posts()[0])).toEqual({
      store_id: 12,
      kind: 'bought',
      product: 'box',
      product_id: 9,
      purchased_at: at.toISOString(),
      sale_method: 'first_come',
      limit_count: 1,
      limit_unit: 'box',
      sales_started_at: start.toISOString(),
    });
  });

  it('refuses a limit out of range and a start after the purchase before sending', async () => {
    const { posts } = api(() => jsonResponse({ success: true }, { status: 201 }));
    const { user, dialog, submit } = await openForm();
    await user.click(within(dialog).getByRole('radio', { name: '買えた' }));
    await user.click(within(dialog).getByRole('radio', { name: 'パック' }));
    const count = within(dialog).getByTestId('report-limit-count');
    await user.type(count, '100');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('1〜99の数を入力してください');
    expect(submit).toBeDisabled();
    await user.clear(count);
    await user.type(count, '99');
    expect(submit).toBeEnabled();
    const at = new Date();
    at.setHours(6, 0, 0, 0);
    if (at.getTime() > Date.now()) at.setDate(at.getDate() - 1);
    fireEvent.change(within(dialog).getByLabelText(/日時/), { target: { value: toLocalInputValue(at) } });
    fireEvent.change(within(dialog).getByTestId('report-sales-started-at'), { target: { value: '07:00' } });
    expect(within(dialog).getByText('販売開始時刻は購入日時より前にしてください')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(posts()).toHaveLength(0);
  });
});
