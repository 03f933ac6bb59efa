import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInForTest } from '@/testing/fixtures';
import { storeFixture } from '@/testing/store-fixtures';
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/testing/test-utils';
import { LotteryForm } from './LotteryForm';

const store = () => jsonResponse({ success: true, data: { ...storeFixture, id: 5, status: 'active', photos: [], recent_reports: [] } });
const products = () => jsonResponse({ success: true, products: [{ id: 3, name: 'テラスタルフェスex', kind: 'pack', release_date: '2024-12-06' }] });

describe('/lotteries/new (抽選情報を登録)', () => {
  it('asks a guest to log in', async () => {
    mockApi({ '/api/v1/products': products, '/api/v1/stores/5': store });
    renderWithProviders(<LotteryForm />, { route: '/lotteries/new?store=5' });
    expect(await screen.findByText('抽選情報の登録にはログインが必要です。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/login');
  });

  it('checks the form, then sends Japan-time dates and every field, and says what happens next', async () => {
    signInForTest();
    const calls = mockApi({
      '/api/v1/products': products,
      '/api/v1/stores/5': store,
      'POST /api/v1/lotteries': () =>
        jsonResponse({ success: true, message: '抽選情報を受け付けました。管理者の確認後に表示されます。', lottery: { id: 9, status: 'pending' } }, { status: 201 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<LotteryForm />, { route: '/lotteries/new?store=5' });
    const form = await screen.findByRole('form', { name: '抽選情報を登録' });
    expect(await within(form).findByText(storeFixture.name)).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: '登録する' }));
    expect(within(form).getByText('商品を選ぶか、商品名を入力してください')).toBeInTheDocument();
    expect(within(form).getByText('応募方法を1つ以上選んでください')).toBeInTheDocument();
    expect(within(form).getByText('受付開始と締切を入力してください')).toBeInTheDocument();
    expect(calls.mock.calls.some(([, sent]) => sent.method === 'POST')).toBe(false);

    await within(form).findByRole('option', { name: 'テラスタルフェスex' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /商品/ }), '3');
    await user.click(within(form).getByRole('checkbox', { name: 'Web' }));
    await user.type(within(form).getByLabelText(/受付開始/), '2026-11-28T10:00');
    await user.type(within(form).getByLabelText(/締切/), '2026-12-01T23:59');
    await user.click(within(form).getByRole('checkbox', { name: '会員限定' }));
    await user.click(within(form).getByRole('checkbox', { name: 'その他' }));
    await user.click(within(form).getByRole('button', { name: '登録する' }));
    expect(within(form).getByText('「その他」の内容を書いてください')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /条件のメモ/ }), '抽選券は先着');
    await user.click(within(form).getByRole('button', { name: '登録する' }));

    expect(await screen.findByTestId('lottery-done')).toHaveTextContent('管理者の確認後に表示されます。');
    const post = calls.mock.calls.find(([, sent]) => sent.method === 'POST')!;
    expect(sentBody(post[1])).toEqual({
      store_id: 5,
      product_id: 3,
      product_name: '',
      methods: ['web'],
      apply_start: '2026-11-28T10:00:00+09:00',
      apply_end: '2026-12-01T23:59:00+09:00',
      result_at: null,
      purchase_start: null,
      purchase_end: null,
      conditions: ['members_only', 'other'],
      condition_note: '抽選券は先着',
      source_url: '',
    });
    expect(screen.getByRole('link', { name: '抽選情報の一覧へ' })).toHaveAttribute('href', '/lotteries');
  });

  it('shows the server refusal (a duplicate) above the button', async () => {
    signInForTest();
    mockApi({
      '/api/v1/products': products,
      '/api/v1/stores/5': store,
      'POST /api/v1/lotteries': () => jsonResponse({ success: false, error: '同じ店舗・商品で受付期間が重なる抽選がすでに登録されています。', code: 'conflict' }, { status: 409 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<LotteryForm />, { route: '/lotteries/new?store=5' });
    const form = await screen.findByRole('form', { name: '抽選情報を登録' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /商品/ }), 'other');
    await user.type(within(form).getByRole('textbox', { name: /商品名/ }), 'スペシャルBOX');
    await user.click(within(form).getByRole('checkbox', { name: '店頭' }));
    await user.type(within(form).getByLabelText(/受付開始/), '2026-11-28T10:00');
    await user.type(within(form).getByLabelText(/締切/), '2026-11-29T20:00');
    await user.click(within(form).getByRole('button', { name: '登録する' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('同じ店舗・商品で受付期間が重なる抽選がすでに登録されています。');
  });
});
