import { GEOLOCATION_TIMEOUT_MS } from '@/config/constants';
import { t } from '@/i18n/ja';

/** Browser geolocation as SPEC §9 asks: 10 s timeout, high accuracy, no cached position. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  timeout: GEOLOCATION_TIMEOUT_MS,
  enableHighAccuracy: true,
  maximumAge: 0,
};

export interface LatLng {
  lat: number;
  lng: number;
}

export class GeolocationFailure extends Error {
  readonly code: number;
  constructor(message: string, code: number) {
    super(message);
    this.name = 'GeolocationFailure';
    this.code = code;
  }
}

/** Japanese message for a GeolocationPositionError code (SPEC §8, home current-location). */
export function geolocationErrorMessage(code: number, message = ''): string {
  switch (code) {
    case 1:
      return t('geo.permissionDenied');
    case 2:
      return t('geo.positionUnavailable');
    case 3:
      return t('geo.timeout');
    default:
      return t('geo.unknown', { code, message: message || '-' });
  }
}

export function getCurrentPosition(geo: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!geo) {
      reject(new GeolocationFailure(t('geo.unsupported'), -1));
      return;
    }
    geo.getCurrentPosition(
      (pos) => resolve({ lat: pos.coords.latitude, lng: pos.coords.longitude }),
      (err) => reject(new GeolocationFailure(geolocationErrorMessage(err.code, err.message), err.code)),
      GEOLOCATION_OPTIONS,
    );
  });
}
