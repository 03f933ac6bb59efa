import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getIpLocation } from '@/api/geo';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { getCurrentPosition, GeolocationFailure } from '@/lib/geolocation';
import { prefectureCodeFromName } from '@/lib/prefecture-codes';
import { authStore, useAuth } from '@/stores/auth-store';
import { showToast } from '@/stores/toast-store';

/** Where a fallback sends the search: a map URL, or null when it has nothing. */
type Fallback = () => Promise<string | null>;

/** PRODUCT §6's fallbacks, in order: the server's IP lookup (404 without a database), then the profile's prefecture. */
const FALLBACKS: readonly Fallback[] = [
  async () => {
    const found = await getIpLocation();
    if (!found) return null;
    showToast(t('geo.usingIpLocation'), 'info');
    return paths.map.getHref({ lat: found.lat, lng: found.lng });
  },
  async () => {
    const name = authStore.get().user?.prefecture;
    const code = prefectureCodeFromName(name);
    if (!code || !name) return null;
    showToast(t('geo.usingPrefecture', { name }), 'info');
    return paths.map.getHref({ prefecture: code });
  },
];

/**
 * 現在地から探す (SPEC §2 Home, §5, §8; PRODUCT §6). Needs login: a guest gets a warning
 * and goes to /login. A signed-in user is located by the browser (10 s, high accuracy, no
 * cache) and sent to /map?lat=&lng=. On failure: SPEC's message for the error, an alert
 * that alternatives are being tried, then the fallbacks; if all fail,
 * すべての位置取得方法が失敗しました.
 */
export function useCurrentLocationSearch() {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [locating, setLocating] = useState(false);

  const search = async () => {
    if (!isAuthenticated) {
      showToast(t('auth.locationNeedsLogin'), 'warning');
      void navigate(paths.login.getHref());
      return;
    }
    setLocating(true);
    try {
      try {
        const { lat, lng } = await getCurrentPosition();
        void navigate(paths.map.getHref({ lat, lng }));
        return;
      } catch (error) {
        showToast(
          error instanceof GeolocationFailure ? error.message : t('geo.unknown', { code: '-', message: String(error) }),
          'error',
          8000,
        );
      }
      showToast(t('geo.tryingAlternatives'), 'info');
      for (const fallback of FALLBACKS) {
        const href = await fallback().catch(() => null);
        if (href) {
          void navigate(href);
          return;
        }
      }
      showToast(t('geo.allFailed'), 'error');
    } finally {
      setLocating(false);
    }
  };

  return { search, locating };
}
