import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReportProduct, Store } from '@/api/stores';
import { StoreListPanel } from './StoreListPanel';

const store: Store = {
  id: 1,
  name: 'カードショップ 新宿店',
  store_type: 'card_shop',
  prefecture: 'tokyo',
  prefecture_name: '東京都',
  city: '新宿区',
  address: '東京都新宿区1-2-3',
  lat: 35.69,
  lng: 139.7,
  location_precision: 'exact',
  sells: { packs: true, boxes: null, singles: null },
  last_report_at: null,
  last_report_kind: null,
};

function renderPanel(stores: Store[], clusteredCount: number, highlights?: Store[], mode: 'view' | 'nearby' = 'view', product: ReportProduct | null = null) {
  render(
    <StoreListPanel
      mode={mode}
      product={product}
      stores={stores}
      clusteredCount={clusteredCount}
      highlights={highlights}
      truncated={false}
      isLoading={false}
      isError={false}
      onRetry={vi.fn()}
      storeTypes={new Map()}
      onSelect={vi.fn()}
      expanded
      onToggle={vi.fn()}
    />,
  );
}

describe('StoreListPanel', () => {
  it('lists the stores when the view holds only markers', () => {
    renderPanel([store], 0);
    expect(screen.getByTestId('store-list')).toHaveTextContent('カードショップ 新宿店');
    expect(screen.getByText('1件')).toBeInTheDocument();
  });

  it('with clusters in view, counts everything and asks for a zoom instead of listing the single markers', () => {
    // The server sends one-store clusters as markers next to the clusters.
    renderPanel([store], 2949);
    expect(screen.queryByTestId('store-list')).not.toBeInTheDocument();
    expect(screen.getByText(/表示範囲に約2,949件/)).toBeInTheDocument();
    expect(screen.getByText('2,949件')).toBeInTheDocument();
  });

  it('with clusters in view, lists the most useful stores of the view in the order given', () => {
    const bought = { ...store, id: 2, name: 'ローソン 新宿店', last_report_at: new Date().toISOString(), last_report_kind: 'bought' as const };
    renderPanel([store], 2102, [bought, store]);
    const rows = screen.getAllByRole('button', { name: /店/ }).filter((b) => b.closest('[data-testid="store-list"]'));
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('ローソン 新宿店'), expect.stringContaining('カードショップ 新宿店')]);
    expect(screen.getByText(/約2,102件のうち/)).toBeInTheDocument();
    expect(screen.getByText('2,102件')).toBeInTheDocument();
  });

  it('nearby: keeps the distance order and marks the fresh 購入できた of the chosen product', () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    // Nearest: its packs sold out, its box bought. Next: its packs bought 20 h ago.
    const near = {
      ...store,
      id: 3,
      name: 'ちかいの店',
      distance_km: 0.2,
      last_report_at: hoursAgo(1),
      last_report_kind: 'bought' as const,
      latest_by_product: { pack: { kind: 'sold_out' as const, at: hoursAgo(2) }, box: { kind: 'bought' as const, at: hoursAgo(1) }, single: null },
    };
    const far = {
      ...store,
      id: 4,
      name: 'とおいの店',
      distance_km: 3,
      last_report_at: hoursAgo(20),
      last_report_kind: 'bought' as const,
      latest_by_product: { pack: { kind: 'bought' as const, at: hoursAgo(20) }, box: null, single: null },
    };
    renderPanel([near, far], 0, undefined, 'nearby', 'pack');
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('ちかいの店'), expect.stringContaining('とおいの店')]);
    expect(rows[0]!.querySelector('[data-result]')).toHaveAttribute('data-result', 'sold_out');
    expect(rows[0]).toHaveTextContent('パック・売り切れ');
    expect(rows[1]!.querySelector('[data-result]')).toHaveAttribute('data-result', 'bought');
    expect(rows[1]).toHaveTextContent('パック・購入できた');
  });

  it('nearby: without a product, the latest report of any product', () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const near = {
      ...store,
      last_report_at: hoursAgo(1),
      last_report_kind: 'bought' as const,
      latest_by_product: { pack: { kind: 'sold_out' as const, at: hoursAgo(2) }, box: { kind: 'bought' as const, at: hoursAgo(1) }, single: null },
    };
    renderPanel([near], 0, undefined, 'nearby');
    const row = screen.getByRole('listitem');
    expect(row.querySelector('[data-result]')).toHaveAttribute('data-result', 'bought');
    expect(row).not.toHaveTextContent('パック');
  });
});
