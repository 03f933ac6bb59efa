import { TileLayer } from 'react-leaflet';
import { useConfig } from '@/api/config';
import { localizeLeaflet } from './leaflet-ja';

// Every map draws this layer: its module sets Leaflet's Japanese defaults before the first map exists.
localizeLeaflet();

/** Drawn where a tile cannot be loaded (offline, outside the tile set): nothing, over the outline. */
const TRANSPARENT_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * The background map of every Leaflet map in the app. The tile server, its attribution and
 * its zoom come only from GET /config (the server's `--tile-url` and friends): nothing is
 * drawn until it has answered, and without an answer the map keeps its markers on a blank
 * (or outlined) background.
 */
export function BaseTileLayer() {
  const config = useConfig();
  if (!config.data) return null;
  const { tile_url, tile_attribution, tile_max_zoom } = config.data;
  return (
    <TileLayer
      url={tile_url}
      attribution={tile_attribution}
      maxZoom={tile_max_zoom}
      maxNativeZoom={tile_max_zoom}
      errorTileUrl={TRANSPARENT_TILE}
    />
  );
}
