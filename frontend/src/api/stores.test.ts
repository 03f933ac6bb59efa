import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, ok } from '@/testing/handlers';
import { server } from '@/testing/server';
import { getStore, getStoresNear } from './stores';

const store = {
  id: 3,
  name: 'カードショップ 新宿店',
  store_type: 'card_shop',
  prefecture: 'tokyo',
  prefecture_name: '東京都',
  city: '新宿区',
  address: '東京都新宿区西新宿1-1-1',
  lat: 35.6903,
  lng: 139.6925,
  location_precision: 'exact',
  sells: { packs: true, boxes: null, singles: false },
  last_report_at: '2026-11-21T05:30:00Z',
  last_report_kind: 'bought',
};

describe('the /stores client', () => {
  it('asks for the stores around a point with the filters and passes truncated on', async () => {
    let asked: Record<string, string> = {};
    server.use(
      http.get(api('/stores'), ({ request }) => {
        asked = Object.fromEntries(new URL(request.url).searchParams);
        return ok([{ ...store, distance_km: 0.12 }], { truncated: true });
      }),
    );
    const near = await getStoresNear({ point: { lat: 35.69, lng: 139.69 }, radiusKm: 10, limit: 50, filters: { type: 'card_shop' } });
    expect(asked).toEqual({ lat: '35.69', lng: '139.69', radius_km: '10', limit: '50', type: 'card_shop' });
    expect(near).toEqual({ stores: [{ ...store, distance_km: 0.12 }], truncated: true });
  });

  it('reads a StoreDetail with its photos and latest reports', async () => {
    const photo = { url: `/photos/${'a'.repeat(64)}.jpg`, thumb_url: `/photos/${'b'.repeat(64)}.jpg`, width: 1600, height: 1200 };
    const report = {
      id: 9,
      kind: 'sold_out',
      product: 'box',
      product_name: null,
      limit_note: '1人1箱',
      purchased_at: '2026-11-21T05:00:00Z',
      created_at: '2026-11-21T05:01:00Z',
    };
    server.use(http.get(api('/stores/3'), () => ok({ ...store, photos: [photo], recent_reports: [report] })));
    // A report without the catalogue product and sale terms (an older server) reads them as null.
    const noTerms = { product_id: null, sale_method: null, limit_count: null, limit_unit: null, sales_started_at: null };
    await expect(getStore(3)).resolves.toEqual({ ...store, status: 'active', photos: [photo], recent_reports: [{ ...report, ...noTerms }] });
  });

  it('refuses a store without the fields docs/API.md requires', async () => {
    server.use(http.get(api('/stores/3'), () => ok({ id: 3, name: 'x' })));
    await expect(getStore(3)).rejects.toThrow();
  });
});
