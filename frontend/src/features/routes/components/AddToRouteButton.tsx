import { t } from '@/i18n/ja';
import { showToast } from '@/stores/toast-store';
import { useRouteDraft } from '../hooks/use-route-draft';
import { ROUTE_MAX_STOPS } from '../lib/constants';
import type { StoreLike } from '../types/route';
import styles from './AddToRouteButton.module.css';

/** ルートに追加 for a store popup, list row or sheet; says so once the store is in the route. */
export function AddToRouteButton({ store, compact = false }: { store: StoreLike; compact?: boolean }) {
  const route = useRouteDraft();
  const inRoute = route.has(store.id);
  return (
    <button
      type="button"
      className={compact ? styles.compact : styles.button}
      data-in-route={inRoute}
      disabled={inRoute}
      aria-label={compact ? `${inRoute ? t('route.added') : t('route.add')}: ${store.name}` : undefined}
      data-testid="add-to-route"
      onClick={() => {
        const result = route.add(store);
        if (result === 'full') showToast(t('route.full', { max: ROUTE_MAX_STOPS }), 'warning');
        else if (result === 'already') showToast(t('route.alreadyAdded', { name: store.name }), 'info');
        else showToast(t('route.addedToast', { name: store.name, n: route.draft.stops.length + 1 }), 'success', 2500);
      }}
    >
      {compact ? (inRoute ? '✓' : '＋') : inRoute ? t('route.added') : t('route.add')}
    </button>
  );
}
