import { useEffect } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import { setSearchView } from '../lib/search-view';

/** A map layer that draws nothing: it tells the search box where the map is looking. */
export function SearchViewTracker() {
  const map = useMap();
  useEffect(() => {
    const { lat, lng } = map.getCenter();
    setSearchView({ lat, lng });
    return () => setSearchView(null);
  }, [map]);
  useMapEvents({
    moveend: () => {
      const { lat, lng } = map.getCenter();
      setSearchView({ lat, lng });
    },
  });
  return null;
}
