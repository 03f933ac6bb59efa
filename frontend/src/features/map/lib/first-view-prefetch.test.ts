import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { api, ok } from '@/testing/handlers';
import { server } from '@/testing/server';
import { firstViewClusters, getClusters, readPrefetchedClustersAhead } from '../api/get-clusters';
import { EMPTY_FILTERS } from '../types/store';
import { firstMapView, predictedMapSize, prefetchFirstMapView, resetFirstViewPrefetch, viewBbox } from './first-view-prefetch';

const cluster = (count: number) => ({ lat: 35.69, lng: 139.7, count, bbox: [139.6, 35.6, 139.8, 35.8] });

/** Counts the clusters requests and answers each with a cluster whose count is its number. */
function countRequests() {
  const asked: string[] = [];
  server.use(
    http.get(api('/stores/clusters'), ({ request }) => {
      asked.push(new URL(request.url).search);
      return ok({ clusters: [cluster(asked.length)], stores: [] });
    }),
  );
  return asked;
}

const tokyo = { pathname: '/map', search: '?prefecture=tokyo' };
const bboxOf = (search: string) => new URLSearchParams(search).get('bbox');

afterEach(() => resetFirstViewPrefetch());

describe('the first map view prefetch', () => {
  it("computes Leaflet's bounds for the predicted map size (as measured in Chromium)", () => {
    // 1280×800 desktop: map 920×691 at Tokyo's view, zoom 10; 390×844 phone: 390×679.
    expect(predictedMapSize(1280, 800, true)).toEqual([920, 691]);
    expect(predictedMapSize(390, 844, false)).toEqual([390, 679]);
    // With the demo notice (33 px) over the map.
    expect(predictedMapSize(1280, 800, true, true)).toEqual([920, 658]);
    expect(predictedMapSize(390, 844, false, true)).toEqual([390, 646]);
    const view = firstMapView(new URLSearchParams('prefecture=tokyo'))!;
    expect(viewBbox(view, 920, 691)).toBe('139.0086,35.3039,140.2721,36.0746');
    expect(viewBbox(view, 1006, 791)).toBe('138.9496,35.2479,140.3311,36.1301');
  });

  it('is used once by the first clusters request, and a later pan asks the server', async () => {
    const asked = countRequests();
    const url = prefetchFirstMapView(tokyo, 1280, 800, true);
    expect(url).toContain('/stores/clusters?bbox=139.0086%2C35.3039%2C140.2721%2C36.0746&zoom=9');

    const first = await getClusters({ bbox: '139.0086,35.3039,140.2721,36.0746', zoom: 9 }, EMPTY_FILTERS);
    expect(first.clusters[0]!.count).toBe(1);
    expect(asked).toHaveLength(1); // no second request: the prefetched answer

    // The same view again (e.g. after the cache expired) and a pan: fresh requests.
    const again = await getClusters({ bbox: '139.0086,35.3039,140.2721,36.0746', zoom: 9 }, EMPTY_FILTERS);
    expect(again.clusters[0]!.count).toBe(2);
    await getClusters({ bbox: '139.1,35.3039,140.3,36.0746', zoom: 9 }, EMPTY_FILTERS);
    expect(asked).toHaveLength(3);
  });

  it('is not used for a map a little shorter than predicted (the demo notice): the map asks for its own box', async () => {
    const asked = countRequests();
    prefetchFirstMapView(tokyo, 1280, 800, true);
    const view = firstMapView(new URLSearchParams('prefecture=tokyo'))!;
    const shorter = viewBbox(view, 920, 658);
    const data = await getClusters({ bbox: shorter, zoom: 9 }, EMPTY_FILTERS);
    expect(data.clusters[0]!.count).toBe(2);
    expect(asked.map(bboxOf)).toEqual(['139.0086,35.3039,140.2721,36.0746', shorter]);
  });

  it('counts the demo notice when the page says demo data: the shorter map takes the answer', async () => {
    const asked = countRequests();
    const url = prefetchFirstMapView(tokyo, 1280, 800, true, true);
    // The box Chromium's map has under the notice (bench/RESULTS.md: 920×658 at 1280×800).
    expect(url).toContain('bbox=139.0086%2C35.3218%2C140.2721%2C36.0558&zoom=9');
    const data = await getClusters({ bbox: '139.0086,35.3218,140.2721,36.0558', zoom: 9 }, EMPTY_FILTERS);
    expect(data.clusters[0]!.count).toBe(1);
    expect(asked).toHaveLength(1);
  });

  it('is dropped when the first request is for another box, zoom or filters', async () => {
    const asked = countRequests();
    prefetchFirstMapView(tokyo, 1280, 800, true);
    // Wider than predicted (another layout): not inside the prefetched box.
    await getClusters({ bbox: '138.9,35.3039,140.2721,36.0746', zoom: 9 }, EMPTY_FILTERS);
    expect(asked.map(bboxOf)).toEqual(['139.0086,35.3039,140.2721,36.0746', '138.9,35.3039,140.2721,36.0746']);
    // ...and it is gone: even the predicted box now goes to the server.
    await getClusters({ bbox: '139.0086,35.3039,140.2721,36.0746', zoom: 9 }, EMPTY_FILTERS);
    expect(asked).toHaveLength(3);

    prefetchFirstMapView(tokyo, 1280, 800, true);
    await getClusters({ bbox: '139.0086,35.3039,140.2721,36.0746', zoom: 9 }, { ...EMPTY_FILTERS, recentOnly: true });
    expect(asked).toHaveLength(5);
    expect(asked[4]).toContain('reported_within_hours=24');

    prefetchFirstMapView(tokyo, 1280, 800, true);
    await getClusters({ bbox: '139.0086,35.3039,140.2721,36.0746', zoom: 10 }, EMPTY_FILTERS);
    expect(asked).toHaveLength(7);
  });

  it('takes the filters from the URL, and leaves points, store links, routes and other pages alone', () => {
    const asked = countRequests();
    const url = prefetchFirstMapView({ pathname: '/map', search: '?prefecture=osaka&recent=1&type=card_shop' }, 390, 844, false);
    expect(url).toContain('reported_within_hours=24');
    expect(url).toContain('type=card_shop');
    expect(prefetchFirstMapView({ pathname: '/map', search: '?lat=35.6&lng=139.7' }, 390, 844, false)).toBeNull();
    expect(prefetchFirstMapView({ pathname: '/map', search: '?store=3' }, 390, 844, false)).toBeNull();
    expect(prefetchFirstMapView({ pathname: '/map', search: '?route=2' }, 390, 844, false)).toBeNull();
    expect(prefetchFirstMapView({ pathname: '/', search: '' }, 390, 844, false)).toBeNull();
    // No place named: all of Japan; a ?view= wins.
    expect(prefetchFirstMapView({ pathname: '/map', search: '' }, 390, 844, false)).toContain('zoom=4');
    expect(prefetchFirstMapView({ pathname: '/map', search: '?view=35.1,135.2,12' }, 390, 844, false)).toContain('zoom=11');
    expect(asked).toHaveLength(0); // the handler has not run yet: fetch is asynchronous
  });

  it("is parsed ahead by the map's chunk and starts the first query: no request after the map mounts", async () => {
    const asked = countRequests();
    const tokyoBox = { bbox: '139.0086,35.3039,140.2721,36.0746', zoom: 9 };
    prefetchFirstMapView(tokyo, 1280, 800, true);
    await readPrefetchedClustersAhead();
    expect(firstViewClusters(tokyoBox, EMPTY_FILTERS)?.clusters[0]!.count).toBe(1);
    expect(asked).toHaveLength(1);
    // Taken once: the same view again, or any other, asks the server.
    expect(firstViewClusters(tokyoBox, EMPTY_FILTERS)).toBeUndefined();
    expect((await getClusters(tokyoBox, EMPTY_FILTERS)).clusters[0]!.count).toBe(2);
    expect(asked).toHaveLength(2);
  });

  it('is not read ahead for another view or filters, nor once the map has taken the prefetch itself', async () => {
    const asked = countRequests();
    const tokyoBox = { bbox: '139.0086,35.3039,140.2721,36.0746', zoom: 9 };
    prefetchFirstMapView(tokyo, 1280, 800, true);
    await readPrefetchedClustersAhead();
    expect(firstViewClusters({ ...tokyoBox, zoom: 10 }, EMPTY_FILTERS)).toBeUndefined();
    // The first query was for another view: the read-ahead answer is gone for good.
    expect(firstViewClusters(tokyoBox, EMPTY_FILTERS)).toBeUndefined();

    prefetchFirstMapView(tokyo, 1280, 800, true);
    await readPrefetchedClustersAhead();
    expect(firstViewClusters(tokyoBox, { ...EMPTY_FILTERS, recentOnly: true })).toBeUndefined();

    // The map asked (and took the prefetch) before the answer was read ahead.
    prefetchFirstMapView(tokyo, 1280, 800, true);
    const reading = readPrefetchedClustersAhead();
    expect((await getClusters(tokyoBox, EMPTY_FILTERS)).clusters[0]!.count).toBe(3);
    await reading;
    expect(firstViewClusters(tokyoBox, EMPTY_FILTERS)).toBeUndefined();
    expect(asked).toHaveLength(3);
  });

  it('falls back to its own request when the prefetch failed', async () => {
    let calls = 0;
    server.use(
      http.get(api('/stores/clusters'), () => {
        calls += 1;
        if (calls === 1) return Response.error();
        return ok({ clusters: [cluster(7)], stores: [] });
      }),
    );
    prefetchFirstMapView(tokyo, 1280, 800, true);
    const data = await getClusters({ bbox: '139.0086,35.3039,140.2721,36.0746', zoom: 9 }, EMPTY_FILTERS);
    expect(data.clusters[0]!.count).toBe(7);
    expect(calls).toBe(2);
  });
});
