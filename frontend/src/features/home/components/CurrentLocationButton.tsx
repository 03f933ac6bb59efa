import { t } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';
import { useCurrentLocationSearch } from '../hooks/use-current-location-search';

function PinIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="3.2" fill="currentColor" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="12" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export function CurrentLocationButton() {
  const { search, locating } = useCurrentLocationSearch();
  return (
    <button type="button" className={ui.primary} onClick={() => void search()} disabled={locating} aria-busy={locating}>
      <PinIcon />
      {locating ? t('home.locating') : t('home.currentLocation')}
    </button>
  );
}
