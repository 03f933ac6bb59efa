import { describe, expect, it } from 'vitest';
import { TRIP_MAX_STOPS } from '../lib/constants';
import { draftActions, EMPTY_DRAFT } from './use-trip-draft';

const store = (id: number) => ({ id, name: `店舗${id}`, lat: 35, lng: 139, store_type: 'card_shop', prefecture_name: '東京都', city: '新宿区' });

describe('route draft', () => {
  it('adds a store once, with its address from prefecture and city when it has none', () => {
    const [one, r1] = draftActions.add(EMPTY_DRAFT, store(1));
    expect(r1).toBe('added');
    expect(one.stops[0]).toMatchObject({ id: 1, address: '東京都新宿区', status: 'active' });
    const [same, r2] = draftActions.add(one, { ...store(1), id: '1' });
    expect(r2).toBe('already');
    expect(same.stops).toHaveLength(1);
  });

  it(`refuses more than ${TRIP_MAX_STOPS} stops`, () => {
    let d = EMPTY_DRAFT;
    for (let i = 1; i <= TRIP_MAX_STOPS; i += 1) d = draftActions.add(d, store(i))[0];
    expect(draftActions.add(d, store(99))[1]).toBe('full');
  });

  it('moves, removes, and a start store goes first', () => {
    let d = EMPTY_DRAFT;
    for (const id of [1, 2, 3]) d = draftActions.add(d, store(id))[0];
    d = draftActions.move(d, 0, 2);
    expect(d.stops.map((s) => s.id)).toEqual([2, 3, 1]);
    d = draftActions.setStart(d, { kind: 'store', storeId: 1 });
    expect(d.stops.map((s) => s.id)).toEqual([1, 2, 3]);
    d = draftActions.remove(d, 1);
    expect(d.stops.map((s) => s.id)).toEqual([2, 3]);
    expect(d.start).toEqual({ kind: 'none' });
    expect(draftActions.move(d, 0, 5)).toBe(d);
  });
});
