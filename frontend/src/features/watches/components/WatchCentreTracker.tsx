import { useEffect } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import { mapCentreStore } from '../lib/map-centre';

/** A map layer that draws nothing: it tells このエリアを通知 where the map is looking. */
export function WatchCentreTracker() {
  const map = useMap();
  useEffect(() => {
    const { lat, lng } = map.getCenter();
    mapCentreStore.set({ lat, lng });
    return () => mapCentreStore.set(null);
  }, [map]);
  useMapEvents({
    moveend: () => {
      const { lat, lng } = map.getCenter();
      mapCentreStore.set({ lat, lng });
    },
  });
  return null;
}
