import L from 'leaflet';
import { t } from '@/i18n/ja';

/**
 * Leaflet's own controls speak English ("Zoom in", "Close popup", the credit's title).
 * Everything a user can read or hear is Japanese, so the defaults of every map are set here,
 * once, before any map is created: the zoom buttons' titles (also their accessible names),
 * the credit line's prefix, and the popup close button's accessible name.
 */
let done = false;

export function localizeLeaflet(): void {
  if (done) return;
  done = true;
  L.Control.Zoom.mergeOptions({ zoomInTitle: t('map.zoomIn'), zoomOutTitle: t('map.zoomOut') });
  L.Control.Attribution.mergeOptions({
    prefix: `<a href="https://leafletjs.com" title="${t('map.libraryTitle')}" lang="en">Leaflet</a>`,
  });
  // The close button's label is written by the popup itself, not an option: relabel it after.
  const popup = L.Popup.prototype as unknown as { _initLayout: () => void; _closeButton?: HTMLElement };
  const initLayout = popup._initLayout;
  popup._initLayout = function (this: typeof popup) {
    initLayout.call(this);
    this._closeButton?.setAttribute('aria-label', t('map.closePopup'));
  };
}
