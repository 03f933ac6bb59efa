import { useEffect, useRef } from 'react';
import { t } from '@/i18n/ja';
import { showToast } from '@/stores/toast-store';
import { useSavedTrip } from '../api/trips';
import { stopsFromApi } from '../components/TripBar';
import { useTripDraft } from './use-trip-draft';

/** /map?trip={id}: loads the saved trip into the trip bar once, and fits the map to it. */
export function useOpenSavedTrip(id: number | null) {
  const query = useSavedTrip(id);
  const trip = useTripDraft();
  const opened = useRef<number | null>(null);
  const replace = trip.replace;

  useEffect(() => {
    if (!query.data || opened.current === query.data.id) return;
    opened.current = query.data.id;
    const saved = query.data;
    replace(stopsFromApi(saved), {
      savedId: saved.id,
      name: saved.name,
      start: saved.start ? { kind: 'point', point: saved.start } : { kind: 'none' },
      returnToStart: saved.return_to_start,
      expanded: true,
    });
    showToast(t('route.openedFrom', { name: saved.name }), 'info', 2500);
  }, [query.data, replace]);

  useEffect(() => {
    if (query.isError) showToast(query.error instanceof Error ? query.error.message : t('route.loadError'), 'error');
  }, [query.isError, query.error]);
}
