import type { Store } from '@/api/stores';
import type { Cluster } from '../types/store';

/**
 * The map's cluster layout on the client (docs/decisions/map-on-a-phone.md):
 * the server keeps its 64 px grid per zoom level, the map asks for one level coarser
 * (128 screen px cells, about 3 columns on a phone), and bubbles that would still touch
 * on screen (cluster means of neighbouring cells can sit close together) are merged here,
 * together with single-store markers that sit under a bubble.
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

interface Item {
  cluster: Cluster;
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
 * Merges bubbles (and single-store markers next to bubbles) that would overlap on screen
 * at `zoom`: the biggest bubble absorbs its neighbours (count summed, position the
 * count-weighted mean, bounds the union) until no two bubbles touch. Markers that touch
 * no bubble stay markers. With no clusters (the marker view) nothing changes.
 */
export function layoutClusters(
  clusters: Cluster[],
  stores: Store[],
  zoom: number,
): { clusters: Cluster[]; stores: Store[] } {
  if (clusters.length === 0) return { clusters, stores };
  const toItem = (cluster: Cluster, size: number): Item => ({ cluster, ...projectToPixels(cluster.lat, cluster.lng, zoom), size, alive: true });
  const items = clusters.map((c) => toItem(c, bubbleSize(c.count)));
  const markers = stores.map((s) => ({ store: s, item: toItem(storeAsCluster(s), MARKER_SIZE_PX) }));
  const touching = (a: Item, b: Item) => Math.hypot(a.x - b.x, a.y - b.y) < (a.size + b.size) / 2 + BUBBLE_GAP_PX;

  const absorb = (into: Item, other: Item) => {
    const total = into.cluster.count + other.cluster.count;
    const lat = (into.cluster.lat * into.cluster.count + other.cluster.lat * other.cluster.count) / total;
    const lng = (into.cluster.lng * into.cluster.count + other.cluster.lng * other.cluster.count) / total;
    into.cluster = { lat, lng, count: total, bbox: union(into.cluster.bbox, other.cluster.bbox) };
    Object.assign(into, projectToPixels(lat, lng, zoom));
    into.size = bubbleSize(total);
    other.alive = false;
  };

  // Repeat until stable: a merged bubble is bigger and may touch a new neighbour.
  for (let changed = true; changed; ) {
    changed = false;
    const live = items.filter((i) => i.alive).sort((a, b) => b.cluster.count - a.cluster.count);
    for (const a of live) {
      if (!a.alive) continue;
      for (const b of live) {
        if (b === a || !b.alive || !touching(a, b)) continue;
        absorb(a, b);
        changed = true;
      }
    }
  }

  const live = items.filter((i) => i.alive);
  const keptStores: Store[] = [];
  for (const { store, item } of markers) {
    const under = live.find((bubble) => touching(bubble, item));
    if (under) absorb(under, item);
    else keptStores.push(store);
  }
  return { clusters: live.map((i) => i.cluster), stores: keptStores };
}
