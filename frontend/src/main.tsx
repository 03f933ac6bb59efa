import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { inlineDemoData } from './api/config';
import { App } from './app/App';
import { MapRoute } from './app/router';
import { DESKTOP_QUERY, prefetchFirstMapView } from './features/map/lib/first-view-prefetch';
import { firstMarkersDrawn } from './lib/first-markers';
import { registerServiceWorker } from './lib/service-worker';
import { startAuth } from './lib/session';
import './styles/global.css';

// SPEC §4: auth is initialised on app mount (before the first render, so a visitor who
// never signed in sees the login link at once instead of a flash of 読み込み中...).
startAuth(window.location.pathname);

/** How long a visit to the map holds the service worker's install back at most (no markers). */
const SW_AFTER_MARKERS_MAX_WAIT_MS = 10_000;
const landsOnMap = window.location.pathname === '/map';

// On the map, the service worker's install (every asset of the site) waits
// for the first markers instead of competing with them.
registerServiceWorker(landsOnMap ? firstMarkersDrawn(SW_AFTER_MARKERS_MAX_WAIT_MS) : undefined);

// A visit that lands on the map asks for its first view's clusters and fetches
// the map's chunk now, while the entry renders, instead of once the router has rendered the
// lazy route and Leaflet has mounted. The page's inlined /config says whether the demo notice
// sits over the map from the first render.
if (landsOnMap) {
  prefetchFirstMapView(
    window.location,
    window.innerWidth,
    window.innerHeight,
    window.matchMedia(DESKTOP_QUERY).matches,
    inlineDemoData(),
  );
  void MapRoute.preload();
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
