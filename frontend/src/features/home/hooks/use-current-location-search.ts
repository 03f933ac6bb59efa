import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { getCurrentPosition, GeolocationFailure } from '@/lib/geolocation';
import { prefectureCodeFromName } from '@/lib/prefecture-codes';
import { useAuth } from '@/stores/auth-store';
import { showToast } from '@/stores/toast-store';

/**
 * 現在地から探す (SPEC §2 Home, §5, §8; PRODUCT §6). Needs login: a guest gets a warning
 * and goes to /login. A signed-in user is located by the browser and sent to
 * /map?lat=&lng=; on failure the SPEC message is shown, then the fallbacks are tried
 * (for now only the profile prefecture; the server's IP lookup is not in the API yet).
 */
export function useCurrentLocationSearch() {
  const { isAuthenticated, user } = useAuth();
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
      const { lat, lng } = await getCurrentPosition();
      void navigate(paths.map.getHref({ lat, lng }));
    } catch (error) {
      showToast(error instanceof GeolocationFailure ? error.message : t('geo.unknown', { code: '-', message: String(error) }), 'error');
      const fallback = prefectureCodeFromName(user?.prefecture);
      if (fallback) {
        showToast(t('geo.tryingAlternatives'), 'info');
        void navigate(paths.map.getHref({ prefecture: fallback }));
      } else {
        showToast(t('geo.allFailed'), 'error');
      }
    } finally {
      setLocating(false);
    }
  };

  return { search, locating };
}
