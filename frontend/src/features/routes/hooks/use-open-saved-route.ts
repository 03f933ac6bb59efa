import { useEffect, useRef } from 'react';
import { t } from '@/i18n/ja';
import { showToast } from '@/stores/toast-store';
import { useSavedRoute } from '../api/routes';
import { stopsFromApi } from '../components/RouteBar';
import { useRouteDraft } from './use-route-draft';

/** /map?route={id}: loads the saved route into the route bar once, and fits the map to it. */
export function useOpenSavedRoute(id: number | null) {
  const query = useSavedRoute(id);
  const route = useRouteDraft();
  const opened = useRef<number | null>(null);
  const replace = route.replace;

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
