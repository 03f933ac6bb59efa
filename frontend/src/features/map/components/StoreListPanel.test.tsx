import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Store } from '@/api/stores';
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

function renderPanel(stores: Store[], clusteredCount: number) {
  render(
    <StoreListPanel
      mode="view"
      stores={stores}
      clusteredCount={clusteredCount}
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
});
