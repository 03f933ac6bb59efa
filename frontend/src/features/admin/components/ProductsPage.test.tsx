import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/testing/test-utils';
import { refusal } from '../testing/console-fixtures';
import { ProductsPage } from './ProductsPage';

function product(overrides: Record<string, unknown> = {}) {
  return {
    id: 3,
    name: 'ブラックボルト',
    kind: 'pack',
    release_date: '2025-06-06',
    official_url: 'https://www.pokemon-card.com/',
    demo: true,
    listed: true,
    created_at: '2026-11-20T03:00:00Z',
    updated_at: '2026-11-20T03:00:00Z',
    ...overrides,
  };
}

const list = (...products: unknown[]) => () => jsonResponse({ success: true, products });

describe('/admin/products (商品)', () => {
  it('lists the catalogue with its kind, date, demo mark and listed state', async () => {
    mockApi({ 'GET /api/v1/admin/products': list(product(), product({ id: 2, name: 'スペシャルBOX', kind: 'box', official_url: null, demo: false, listed: false })) });
    renderWithProviders(<ProductsPage />, { route: '/admin/products' });
    const rows = await screen.findAllByTestId('product-row');
    expect(screen.getByRole('link', { name: '商品' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('全2件')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'ブラックボルト' })).toHaveAttribute('href', 'https://www.pokemon-card.com/');
    expect(rows[0]).toHaveTextContent('デモ');
    expect(rows[0]).toHaveTextContent('パック');
    expect(rows[0]).toHaveTextContent('2025/06/06');
    expect(rows[0]).toHaveTextContent('表示');
    expect(rows[1]).toHaveTextContent('BOX');
    expect(rows[1]).toHaveTextContent('非表示');
    expect(rows[1]).not.toHaveTextContent('デモ');
  });

  it('says so when the catalogue is empty', async () => {
    mockApi({ 'GET /api/v1/admin/products': list() });
    renderWithProviders(<ProductsPage />, { route: '/admin/products' });
    expect(await screen.findByText('商品はまだ登録されていません')).toBeInTheDocument();
  });

  it('adds a product: checks the form first, sends every field, shows the message', async () => {
    let created = false;
    const calls = mockApi({
      'GET /api/v1/admin/products': () => (created ? list(product({ id: 9, name: '熱風のアリーナ', demo: false }))() : list()()),
      'POST /api/v1/admin/products': () => {
        created = true;
        return jsonResponse({ success: true, message: '商品を登録しました。', product: product({ id: 9, name: '熱風のアリーナ' }) }, { status: 201 });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsPage />, { route: '/admin/products' });
    await screen.findByText('商品はまだ登録されていません');
    await user.click(screen.getByRole('button', { name: '商品を追加' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '登録' }));
    expect(within(dialog).getByText('商品名を入力してください')).toBeInTheDocument();
    expect(within(dialog).getByText('発売日を入力してください')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /商品名/ }), ' 熱風のアリーナ ');
    await user.type(within(dialog).getByLabelText(/発売日/), '2025-03-14');
    await user.type(within(dialog).getByRole('textbox', { name: /公式ページのURL/ }), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: '登録' }));
    expect(within(dialog).getByText('http:// または https:// で始まるURLを入力してください')).toBeInTheDocument();
    expect(calls.mock.calls.some(([, sent]) => sent.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByRole('textbox', { name: /公式ページのURL/ }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /種類/ }), 'box');
    await user.click(within(dialog).getByRole('checkbox', { name: '購入報告・抽選情報の選択肢に表示する' }));
    await user.click(within(dialog).getByRole('button', { name: '登録' }));
    expect(await screen.findByTestId('admin-notice')).toHaveTextContent('商品を登録しました。');
    const post = calls.mock.calls.find(([, sent]) => sent.method === 'POST')!;
    expect(sentBody(post[1])).toEqual({ name: '熱風のアリーナ', kind: 'box', release_date: '2025-03-14', official_url: '', listed: false });
    expect(await screen.findAllByTestId('product-row')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits a product with its current values and shows a refusal in the dialog', async () => {
    const calls = mockApi({
      'GET /api/v1/admin/products': list(product()),
      'PUT /api/v1/admin/products/3': () => refusal(409, 'conflict', '同じ名前の商品がすでに登録されています。'),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsPage />, { route: '/admin/products' });
    await user.click(await screen.findByRole('button', { name: 'ブラックボルトを編集' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /商品名/ })).toHaveValue('ブラックボルト');
    expect(within(dialog).getByLabelText(/発売日/)).toHaveValue('2025-06-06');
    expect(within(dialog).getByRole('checkbox')).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('同じ名前の商品がすでに登録されています。');
    const put = calls.mock.calls.find(([, sent]) => sent.method === 'PUT')!;
    expect(sentBody(put[1])).toEqual({ name: 'ブラックボルト', kind: 'pack', release_date: '2025-06-06', official_url: 'https://www.pokemon-card.com/', listed: true });
  });

  it('deletes a product after a confirmation', async () => {
    let deleted = false;
    const calls = mockApi({
      'GET /api/v1/admin/products': () => (deleted ? list()() : list(product())()),
      'DELETE /api/v1/admin/products/3': () => {
        deleted = true;
        return jsonResponse({ success: true, message: '商品を削除しました。' });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsPage />, { route: '/admin/products' });
    await user.click(await screen.findByRole('button', { name: 'ブラックボルトを削除' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('「ブラックボルト」を削除しますか？');
    await user.click(within(dialog).getByRole('button', { name: '削除' }));
    expect(await screen.findByTestId('admin-notice')).toHaveTextContent('商品を削除しました。');
    await waitFor(() => expect(screen.getByText('商品はまだ登録されていません')).toBeInTheDocument());
    expect(calls.mock.calls.some(([path, sent]) => sent.method === 'DELETE' && path === '/api/v1/admin/products/3')).toBe(true);
  });
});
