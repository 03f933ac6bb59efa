import { describe, expect, it } from 'vitest';
import type { Store } from '@/api/stores';
import type { Cluster } from '../types/store';
import { bubbleSize, BUBBLE_GAP_PX, clusterRequestZoom, layoutClusters, MARKER_SIZE_PX, MAX_ITEMS_ON_SCREEN, projectToPixels } from './cluster-layout';

const cluster = (lat: number, lng: number, count: number): Cluster => ({
  lat,
  lng,
  count,
  bbox: [lng - 0.01, lat - 0.01, lng + 0.01, lat + 0.01],
});
const store = (id: number, lat: number, lng: number): Store => ({ id, name: `店${id}`, store_type: 'other', prefecture: 'tokyo', lat, lng });

/** The longitude that is `px` screen pixels east of `lng` at `zoom`. */
const east = (lng: number, px: number, zoom: number) => lng + (px * 360) / (256 * 2 ** zoom);

function screenGaps(clusters: Cluster[], zoom: number): number[] {
  const gaps: number[] = [];
  clusters.forEach((a, i) =>
    clusters.slice(i + 1).forEach((b) => {
      const pa = projectToPixels(a.lat, a.lng, zoom);
      const pb = projectToPixels(b.lat, b.lng, zoom);
      gaps.push(Math.hypot(pa.x - pb.x, pa.y - pb.y) - (bubbleSize(a.count) + bubbleSize(b.count)) / 2);
    }),
  );
  return gaps;
}

describe('clusterRequestZoom', () => {
  it('asks the server for one level coarser (128 px cells on screen) below the marker zoom', () => {
    expect(clusterRequestZoom(10)).toBe(9);
    expect(clusterRequestZoom(5)).toBe(4);
    expect(clusterRequestZoom(14)).toBe(13);
    expect(clusterRequestZoom(15)).toBe(15);
    expect(clusterRequestZoom(0)).toBe(0);
  });
});

describe('layoutClusters', () => {
  const zoom = 10;

  it('merges bubbles that overlap on screen (5 / 14 / 6 on top of each other) into one', () => {
    const a = cluster(35.68, 139.7, 5);
    const b = cluster(35.68, east(139.7, 20, zoom), 14);
    const c = cluster(35.68, east(139.7, 40, zoom), 6);
    const far = cluster(35.68, east(139.7, 300, zoom), 100);
    const out = layoutClusters([a, b, c, far], [], zoom);
    expect(out.clusters.map((x) => x.count).sort((x, y) => x - y)).toEqual([25, 100]);
    const merged = out.clusters.find((x) => x.count === 25)!;
    // Count-weighted position, bounds of all three.
    expect(merged.lng).toBeCloseTo((a.lng * 5 + b.lng * 14 + c.lng * 6) / 25, 6);
    expect(merged.bbox[0]).toBeCloseTo(a.bbox[0]);
    expect(merged.bbox[2]).toBeCloseTo(c.bbox[2]);
  });

  it('leaves no two bubbles closer than the gap, and keeps every store counted', () => {
    // A dense grid of small clusters every 30 px.
    const clusters: Cluster[] = [];
    for (let i = 0; i < 8; i++) for (let j = 0; j < 8; j++) clusters.push(cluster(35.5 + j * 0.02, east(139.5, i * 30, zoom), 3 + i + j));
    const total = clusters.reduce((s, c) => s + c.count, 0);
    const out = layoutClusters(clusters, [], zoom);
    expect(out.clusters.length).toBeLessThan(clusters.length);
    expect(out.clusters.reduce((s, c) => s + c.count, 0)).toBe(total);
    for (const gap of screenGaps(out.clusters, zoom)) expect(gap).toBeGreaterThanOrEqual(BUBBLE_GAP_PX - 1e-9);
  });

  it('folds a single-store marker under a bubble into it; a marker on its own stays', () => {
    const big = cluster(35.68, 139.7, 40);
    const under = store(1, 35.68, east(139.7, 10, zoom));
    const alone = store(2, 35.68, east(139.7, 200, zoom));
    const out = layoutClusters([big], [under, alone], zoom);
    expect(out.clusters).toHaveLength(1);
    expect(out.clusters[0]!.count).toBe(41);
    expect(out.stores.map((s) => s.id)).toEqual([2]);
  });

  it('changes nothing in the marker view (no clusters)', () => {
    const stores = [store(1, 35.68, 139.7), store(2, 35.68, 139.7)];
    expect(layoutClusters([], stores, 16)).toEqual({ clusters: [], stores });
  });

  /** Markers and bubbles as drawn: centre and diameter on screen. */
  const drawn = (out: { clusters: Cluster[]; stores: Store[] }) => [
    ...out.clusters.map((c) => ({ ...projectToPixels(c.lat, c.lng, zoom), size: bubbleSize(c.count) })),
    ...out.stores.map((s) => ({ ...projectToPixels(s.lat, s.lng, zoom), size: MARKER_SIZE_PX })),
  ];

  it('groups a small prefecture the server sent as ~200 markers: at most 30 things, none touching, every store counted', () => {
    // 195 stores in a town-sized patch (the server sends markers for views of up to 300 stores).
    const stores: Store[] = [];
    for (let i = 0; i < 195; i++) stores.push(store(i, 36.6 + ((i * 37) % 100) * 0.004, 137.1 + ((i * 53) % 100) * 0.006));
    const out = layoutClusters([], stores, zoom);
    const things = drawn(out);
    expect(things.length).toBeLessThanOrEqual(MAX_ITEMS_ON_SCREEN);
    expect(out.clusters.reduce((s, c) => s + c.count, 0) + out.stores.length).toBe(195);
    things.forEach((a, i) =>
      things.slice(i + 1).forEach((b) => expect(Math.hypot(a.x - b.x, a.y - b.y) - (a.size + b.size) / 2).toBeGreaterThanOrEqual(BUBBLE_GAP_PX - 1e-9)),
    );
  });

  it('turns two markers that touch into a bubble of 2 and leaves a lone marker alone', () => {
    const out = layoutClusters([], [store(1, 35.68, 139.7), store(2, 35.68, east(139.7, 20, zoom)), store(3, 35.68, east(139.7, 300, zoom))], zoom);
    expect(out.clusters.map((c) => c.count)).toEqual([2]);
    expect(out.stores.map((s) => s.id)).toEqual([3]);
  });

  it('merges the closest bubbles until at most 30 are left (a desktop-sized view of 60 cells)', () => {
    const clusters: Cluster[] = [];
    for (let i = 0; i < 10; i++) for (let j = 0; j < 6; j++) clusters.push(cluster(35 + j * 0.5, east(139, i * 128, zoom), 10 + i));
    const out = layoutClusters(clusters, [], zoom);
    expect(out.clusters.length).toBeLessThanOrEqual(MAX_ITEMS_ON_SCREEN);
    expect(out.clusters.reduce((s, c) => s + c.count, 0)).toBe(clusters.reduce((s, c) => s + c.count, 0));
    for (const g of screenGaps(out.clusters, zoom)) expect(g).toBeGreaterThanOrEqual(BUBBLE_GAP_PX - 1e-9);
  });
});
