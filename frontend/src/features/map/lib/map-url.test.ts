import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from '../types/store';
import { filtersFromParams, formatView, pointFromParams, viewFromParams, withFilters, withView } from './map-url';

describe('map filters in the URL', () => {
  it('round-trips the 24 h filter, the product and the store types, keeping the place', () => {
    const params = withFilters(new URLSearchParams('prefecture=tokyo'), {
      recentOnly: true,
      lottery: '',
      product: 'boxes',
      types: ['convenience', 'card_shop'],
    });
    expect(params.toString()).toBe('prefecture=tokyo&recent=1&product=boxes&type=card_shop%2Cconvenience');
    expect(filtersFromParams(params)).toEqual({ recentOnly: true, lottery: '', product: 'boxes', types: ['card_shop', 'convenience'] });
  });

  it('round-trips the lottery filter (open or closing) and drops any other value', () => {
    for (const lottery of ['open', 'closing'] as const) {
      const params = withFilters(new URLSearchParams('view=35.68,139.76,12'), { ...EMPTY_FILTERS, lottery });
      expect(params.get('lottery')).toBe(lottery);
      expect(filtersFromParams(params).lottery).toBe(lottery);
    }
    expect(withFilters(new URLSearchParams('lottery=open&recent=1'), EMPTY_FILTERS).toString()).toBe('');
    for (const bad of ['', 'OPEN', 'upcoming', '1']) expect(filtersFromParams(new URLSearchParams({ lottery: bad })).lottery).toBe('');
  });

  it('leaves no trace for empty filters and ignores bad values', () => {
    const cleared = withFilters(new URLSearchParams('prefecture=osaka&recent=1&type=toy'), EMPTY_FILTERS);
    expect(cleared.toString()).toBe('prefecture=osaka');
    expect(filtersFromParams(new URLSearchParams('recent=yes&product=cards&type=<script>,toy,toy'))).toEqual({
      recentOnly: false,
      lottery: '',
      product: '',
      types: ['toy'],
    });
  });
});

describe('map view in the URL', () => {
  it('round-trips centre and zoom', () => {
    const params = withView(new URLSearchParams('prefecture=tokyo'), formatView(35.681234, 139.767134, 12));
    expect(params.get('view')).toBe('35.68123,139.76713,12');
    expect(viewFromParams(params)).toEqual({ center: [35.68123, 139.76713], zoom: 12 });
  });

  it('refuses malformed views', () => {
    for (const view of ['', '35,139', '35,139,x', '95,139,10', '35,139,2', '35,139,12,1'])
      expect(viewFromParams(new URLSearchParams({ view }))).toBeNull();
  });
});

describe('pointFromParams', () => {
  const at = (q: string) => pointFromParams(new URLSearchParams(q));
  it('reads a point in Japan', () => {
    expect(at('lat=35.68&lng=139.76')).toEqual({ point: { lat: 35.68, lng: 139.76 }, problem: null });
    expect(at('prefecture=tokyo')).toEqual({ point: null, problem: null });
  });
  it('says why there is no point: not numbers, half given, or outside the map (0,0)', () => {
    expect(at('lat=abc&lng=139').problem).toBe('invalid');
    expect(at('lat=35.6').problem).toBe('invalid');
    expect(at('lat=&lng=').problem).toBe('invalid');
    expect(at('lat=0&lng=0')).toEqual({ point: null, problem: 'outside' });
  });
});
