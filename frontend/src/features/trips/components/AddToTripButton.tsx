import { t } from '@/i18n/ja';
import { showToast } from '@/stores/toast-store';
import { useTripDraft } from '../hooks/use-trip-draft';
import { TRIP_MAX_STOPS } from '../lib/constants';
import type { StoreLike } from '../types/trip';
import styles from './AddToTripButton.module.css';

/** ルートに追加 for a store popup, list row or sheet; says so once the store is in the trip. */
export function AddToTripButton({ store, compact = false }: { store: StoreLike; compact?: boolean }) {
  const trip = useTripDraft();
  const inTrip = trip.has(store.id);
  return (
    <button
      type="button"
      className={compact ? styles.compact : styles.button}
      data-in-route={inTrip}
      disabled={inTrip}
      aria-label={compact ? `${inTrip ? t('route.added') : t('route.add')}: ${store.name}` : undefined}
      data-testid="add-to-route"
      onClick={() => {
        const result = trip.add(store);
        if (result === 'full') showToast(t('route.full', { max: TRIP_MAX_STOPS }), 'warning');
        else if (result === 'already') showToast(t('route.alreadyAdded', { name: store.name }), 'info');
        else showToast(t('route.addedToast', { name: store.name, n: trip.draft.stops.length + 1 }), 'success', 2500);
      }}
    >
      {compact ? (inTrip ? '✓' : '＋') : inTrip ? t('route.added') : t('route.add')}
    </button>
  );
}
