import type { Map as LeafletMap } from 'leaflet';

/** Fired on the map just before a move made for the URL rather than by the user. */
export const ROUTE_MOVE_EVENT = 'pokeca:routemove';

/**
 * Moves the map to the view the route asks for (?prefecture=, ?lat=&lng=). ViewportTracker
 * reports the view this move ends on at once: the debounce is for the user's pans and zooms,
 * and waiting after a move nobody made only delays the first markers.
 */
export function moveForRoute(map: LeafletMap, move: () => void) {
  map.fire(ROUTE_MOVE_EVENT);
  move();
}
