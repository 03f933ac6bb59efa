import { describe, expect, it } from 'vitest';
import type { Store } from '@/api/stores';
import { nearestRadiusKm, parseBbox, usefulStores } from './view-list';

const box = parseBbox('139.5,35.5,139.9,35.9')!;
const store = (id: number, extra: Partial<Store> = {}): Store => ({
  id,
  name: `店${id}`,
  store_type: 'card_shop',
  prefecture: 'tokyo',
  lat: 35.7,
  lng: 139.7,
  ...extra,
});

describe('usefulStores (the list sheet while clusters are shown)', () => {
  it('lists recent 購入できた reports first, then the others, each nearest to the centre first', () => {
    const recent = [
      store(1, { last_report_kind: 'bought', last_report_at: '2026-11-23T10:00:00Z', lat: 35.8 }), // farther from 35.7
      store(2, { last_report_kind: 'sold_out', last_report_at: '2026-11-23T12:00:00Z' }),
      store(3, { last_report_kind: 'bought', last_report_at: '2026-11-23T11:00:00Z', lat: 35.71 }),
      store(4, { last_report_kind: 'bought', last_report_at: '2026-11-23T11:30:00Z', lat: 40 }), // outside the view
    ];
    const nearest = [store(5, { distance_km: 0.2 }), store(3, { distance_km: 0.5 }), store(2, { distance_km: 0.9 }), store(6, { distance_km: 1.5 })];
    const list = usefulStores(recent, nearest, box);
    expect(list.map((s) => s.id)).toEqual([3, 1, 5, 2, 6]);
    expect(list.every((s) => s.distance_km === undefined)).toBe(true);
  });

  it('with a product, puts first the stores whose latest report of that product is 購入できた', () => {
    const at = '2026-11-23T11:00:00Z';
    const recent = [
      // The latest of all a sold-out box, the packs bought: first for packs.
      store(1, { last_report_kind: 'sold_out', last_report_at: at, latest_by_product: { pack: { kind: 'bought', at }, box: { kind: 'sold_out', at }, single: null } }),
      // The latest of all a bought box, the packs sold out: not first for packs.
      store(2, { last_report_kind: 'bought', last_report_at: at, latest_by_product: { pack: { kind: 'sold_out', at }, box: { kind: 'bought', at }, single: null } }),
    ];
    expect(usefulStores(recent, [], box, 20, 'pack').map((s) => s.id)).toEqual([1]);
    expect(usefulStores(recent, [], box, 20, 'box').map((s) => s.id)).toEqual([2]);
    expect(usefulStores(recent, [], box, 20).map((s) => s.id)).toEqual([2]);
  });

  it('stops at the list size', () => {
    const nearest = Array.from({ length: 30 }, (_, i) => store(i + 1));
    expect(usefulStores([], nearest, box, 20)).toHaveLength(20);
  });
});

describe('nearestRadiusKm', () => {
  it('is the half diagonal of the view, at most 50 km', () => {
    expect(nearestRadiusKm(parseBbox('139.69,35.68,139.71,35.7')!)).toBeCloseTo(1.4, 0);
    expect(nearestRadiusKm(parseBbox('139,35,141,37')!)).toBe(50);
  });
});
