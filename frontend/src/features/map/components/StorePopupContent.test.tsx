import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Store } from '@/api/stores';
import { StorePopupContent } from './StorePopupContent';

const store: Store = {
  id: 5,
  name: 'カードショップ 秋葉原店',
  store_type: 'card_shop',
  prefecture: 'tokyo',
  prefecture_name: '東京都',
  city: '千代田区',
  lat: 35.7,
  lng: 139.77,
  last_report_at: null,
  last_report_kind: null,
};

describe('store popup', () => {
  it('has 報告する when the page passes onReport, and hands it the store', async () => {
    const onReport = vi.fn();
    render(<StorePopupContent store={store} type={undefined} onReport={onReport} />);
    await userEvent.click(screen.getByRole('button', { name: '報告する' }));
    expect(onReport).toHaveBeenCalledWith(store);
  });

  it('has no 報告する without onReport', () => {
    render(<StorePopupContent store={store} type={undefined} />);
    expect(screen.queryByRole('button', { name: '報告する' })).not.toBeInTheDocument();
  });
});
