import type { Store } from '@/api/stores';
import type { Cluster } from '../types/store';

/**
 * The map's cluster layout on the client (docs/decisions/map-on-a-phone.md):
 * the server keeps its 64 px grid per zoom level, the map asks for one level coarser
 * (128 screen px cells, about 3 columns on a phone), and bubbles that would still touch
 * on screen (cluster means of neighbouring cells can sit close together) are merged here,
 * together with single-store markers that touch a bubble or each other (layoutClusters).
 */

/** Zoom from which the server always sends markers (core's kMarkerZoom). */
export const MARKER_ZOOM = 15;
/** The server's grid cell in screen px at the zoom it is asked for (core's kClusterCellPx). */
export const SERVER_CELL_PX = 64;
/** The grid the map wants on screen: one server level coarser. */
export const CLUSTER_GRID_PX = 128;
/** Space kept between two bubbles (px): their 4 px halos and a clear gap. */
export const BUBBLE_GAP_PX = 12;
/** A store marker's diameter (px), for overlap with bubbles. */
export const MARKER_SIZE_PX = 32;

/** The zoom to ask /stores/clusters for so that a cell is CLUSTER_GRID_PX on screen. */
export function clusterRequestZoom(mapZoom: number): number {
  if (mapZoom >= MARKER_ZOOM) return mapZoom;
  const coarser = Math.round(Math.log2(CLUSTER_GRID_PX / SERVER_CELL_PX));
  return Math.max(0, mapZoom - coarser);
}

/** A bubble's diameter (px) for its count. */
export function bubbleSize(count: number): number {
  return count < 10 ? 36 : count < 100 ? 42 : count < 1000 ? 48 : 54;
}

/** Web Mercator pixel position at a zoom (Leaflet's EPSG:3857 with 256 px tiles). */
export function projectToPixels(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = 256 * 2 ** zoom;
  const clampedLat = Math.max(-85.0511, Math.min(85.0511, lat));
  const sin = Math.sin((clampedLat * Math.PI) / 180);
  return {
    x: (scale * (lng + 180)) / 360,
    y: scale * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)),
  };
}

/**
 * At most this many markers and bubbles on screen below the marker zoom, on a phone and a
 * desktop alike: a first view is an answer to read at a glance, not a wall of pins.
 */
export const MAX_ITEMS_ON_SCREEN = 30;

interface Item {
  cluster: Cluster;
  /** The store while the item is one store's marker; null once it is a bubble. */
  store: Store | null;
  x: number;
  y: number;
  size: number;
  alive: boolean;
}

function union(a: Cluster['bbox'], b: Cluster['bbox']): Cluster['bbox'] {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

function storeAsCluster(store: Store): Cluster {
  return { lat: store.lat, lng: store.lng, count: 1, bbox: [store.lng, store.lat, store.lng, store.lat] };
}

/**
 * The view below the marker zoom, laid out so that nothing overlaps and at most `maxItems`
 * things are drawn (docs/decisions/map-first-view-layout.md):
 * 1. Server bubbles and single-store markers are placed in Web Mercator pixels at `zoom`.
 * 2. When the server sent more stores than fit (it sends markers for views of up to 300
 *    stores, a whole small prefecture), they are first grouped on the same 128 px grid the
 *    server's bubbles use.
 * 3. Things that would touch (bubbles by their size, markers at 32 px, a 12 px gap for the
 *    halos) are merged, the biggest absorbing its neighbours (count summed, position the
 *    count-weighted mean, bounds the union, so a click still zooms to all of them), until
 *    none touch; two markers that touch become a bubble of 2.
 * 4. While more than `maxItems` remain, the two closest are merged (and step 3 again).
 * Every store is still counted once. From the marker zoom on, nothing changes.
 */
export function layoutClusters(
  clusters: Cluster[],
  stores: Store[],
  zoom: number,
  maxItems: number = MAX_ITEMS_ON_SCREEN,
): { clusters: Cluster[]; stores: Store[] } {
  if (zoom >= MARKER_ZOOM || clusters.length + stores.length === 0) return { clusters, stores };
  const place = (cluster: Cluster, store: Store | null): Item => ({
    cluster,
    store,
    ...projectToPixels(cluster.lat, cluster.lng, zoom),
    size: store ? MARKER_SIZE_PX : bubbleSize(cluster.count),
    alive: true,
  });
  const items = clusters.map((c) => place(c, null));

  const absorb = (into: Item, other: Item) => {
    const total = into.cluster.count + other.cluster.count;
    const lat = (into.cluster.lat * into.cluster.count + other.cluster.lat * other.cluster.count) / total;
    const lng = (into.cluster.lng * into.cluster.count + other.cluster.lng * other.cluster.count) / total;
    into.cluster = { lat, lng, count: total, bbox: union(into.cluster.bbox, other.cluster.bbox) };
    into.store = null;
    Object.assign(into, projectToPixels(lat, lng, zoom));
    into.size = bubbleSize(total);
    other.alive = false;
  };

  if (stores.length > maxItems) {
    const cells = new Map<string, Item>();
    for (const store of stores) {
      const item = place(storeAsCluster(store), store);
      const key = `${Math.floor(item.x / CLUSTER_GRID_PX)},${Math.floor(item.y / CLUSTER_GRID_PX)}`;
      const cell = cells.get(key);
      if (cell) absorb(cell, item);
      else cells.set(key, item);
    }
    items.push(...cells.values());
  } else {
    items.push(...stores.map((s) => place(storeAsCluster(s), s)));
  }

  const gap = (a: Item, b: Item) => Math.hypot(a.x - b.x, a.y - b.y) - (a.size + b.size) / 2;
  const bigFirst = () => items.filter((i) => i.alive).sort((a, b) => b.cluster.count - a.cluster.count);
  const mergeTouching = () => {
    // Repeat until stable: a merged bubble is bigger and may touch a new neighbour.
    for (let changed = true; changed; ) {
      changed = false;
      const live = bigFirst();
      for (const a of live) {
        if (!a.alive) continue;
        for (const b of live) {
          if (b === a || !b.alive || gap(a, b) >= BUBBLE_GAP_PX) continue;
          absorb(a, b);
          changed = true;
        }
      }
    }
  };

  mergeTouching();
  for (let live = bigFirst(); live.length > maxItems; live = bigFirst()) {
    let best: [Item, Item] = [live[0]!, live[1]!];
    let bestGap = Infinity;
    for (let i = 0; i < live.length; i++)
      for (let j = i + 1; j < live.length; j++) {
        const g = gap(live[i]!, live[j]!);
        if (g < bestGap) [bestGap, best] = [g, [live[i]!, live[j]!]];
      }
    absorb(best[0], best[1]); // `live` is biggest first: the bigger one absorbs
    mergeTouching();
  }

  const live = items.filter((i) => i.alive);
  return {
    clusters: live.filter((i) => !i.store).map((i) => i.cluster),
    stores: live.flatMap((i) => (i.store ? [i.store] : [])),
  };
}
