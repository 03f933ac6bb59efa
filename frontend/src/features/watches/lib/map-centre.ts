/**
 * Where the map is looking (its centre), kept for このエリアを通知: the map publishes it
 * (WatchCentreTracker, a map layer that draws nothing) and the dialog reads it when it
 * opens. Null until a map has been shown.
 */
import { createStore } from '@/stores/create-store';

export interface MapCentre {
  lat: number;
  lng: number;
}

export const mapCentreStore = createStore<MapCentre | null>(null);
