import type { Store } from '@/api/stores';

/** A store as GET /stores answers it. */
export const storeFixture: Store = {
  id: 5,
  name: 'カードショップ池袋',
  store_type: 'card_shop',
  prefecture: 'tokyo',
  prefecture_name: '東京都',
  city: '豊島区',
  address: '東京都豊島区東池袋1-1-1',
  lat: 35.7295,
  lng: 139.7109,
  location_precision: 'exact',
  sells: { packs: true, boxes: true, singles: false },
  last_report_at: null,
  last_report_kind: null,
};

export const storeTypesAnswer = {
  success: true,
  data: { user: null, store_types: [{ key: 'card_shop', label: 'カードショップ', color: '#e53935', icon: '🃏' }] },
};
