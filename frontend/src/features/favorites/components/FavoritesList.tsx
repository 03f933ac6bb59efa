import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useFavorites, useSetFavorite, type Favorite } from '@/api/favorites';
import { useStoreTypes } from '@/api/initial-data';
import { isRemoved } from '@/api/stores';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { RECENT_REPORT_HOURS } from '@/config/constants';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { ApiError } from '@/lib/api';
import { formatDistanceKm } from '@/lib/format';
import { getCurrentPosition, type LatLng } from '@/lib/geolocation';
import { isWithinHours, lastReportText } from '@/lib/relative-time';
import { showToast } from '@/stores/toast-store';
import ui from '@/styles/ui.module.css';
import { distanceKm } from '../lib/distance';
import styles from './favorites.module.css';

/**
 * The position, when the user has already allowed it (no prompt on page load); otherwise
 * `locate` asks, from a button.
 */
function usePosition() {
  const [position, setPosition] = useState<LatLng | null>(null);
  const [error, setError] = useState<string | null>(null);
  const locate = () =>
    getCurrentPosition().then(setPosition, (e: unknown) => setError(e instanceof Error ? e.message : t('geo.allFailed')));
  useEffect(() => {
    let cancelled = false;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((status) => {
        if (!cancelled && status.state === 'granted') void getCurrentPosition().then(setPosition, () => undefined);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return { position, error, locate };
}

/** /favorites お気に入り店舗: each favourite with its freshness, last report, distance and the map. */
export function FavoritesList() {
  const favorites = useFavorites();
  const { position, error: positionError, locate } = usePosition();

  if (favorites.isPending) return <Spinner label={t('common.loading')} />;
  if (favorites.isError) {
    return (
      <div className={styles.state}>
        <Alert type="error">{t('favorites.error')}</Alert>
        <button type="button" className={ui.secondary} onClick={() => void favorites.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (favorites.data.length === 0) {
    return (
      <div className={styles.empty} data-testid="favorites-empty">
        <p className={styles.emptyIcon} aria-hidden="true">
          ☆
        </p>
        <p className={styles.emptyTitle}>{t('favorites.empty')}</p>
        <p className={ui.muted}>{t('favorites.emptyHint')}</p>
        <Link to={paths.map.getHref()} className={ui.primary}>
          {t('favorites.toMap')}
        </Link>
      </div>
    );
  }

  return (
    <>
      <div className={styles.toolbar}>
        <p className={styles.count}>{t('common.count', { n: favorites.data.length })}</p>
        {!position && typeof navigator.geolocation !== 'undefined' && (
          <button type="button" className={styles.locate} onClick={() => void locate()}>
            <span aria-hidden="true">📍</span> {t('favorites.showDistance')}
          </button>
        )}
      </div>
      {positionError && <Alert type="warning">{positionError}</Alert>}
      <ul className={styles.list} data-testid="favorites-list">
        {favorites.data.map((favorite) => (
          <FavoriteRow key={String(favorite.store.id)} favorite={favorite} position={position} />
        ))}
      </ul>
      <p className={styles.hint}>
        {t('favorites.alertsHint')} <Link to={paths.profile.getHref()}>{t('nav.profile')}</Link>
      </p>
    </>
  );
}

function FavoriteRow({ favorite, position }: { favorite: Favorite; position: LatLng | null }) {
  const { store } = favorite;
  const type = useStoreTypes().get(store.store_type);
  const remove = useSetFavorite();
  const removed = isRemoved(store.status);
  const fresh = !removed && isWithinHours(store.last_report_at, RECENT_REPORT_HOURS);
  const distance = position && !removed ? formatDistanceKm(distanceKm(position, store)) : null;

  return (
    <li className={styles.row} data-removed={removed ? 'true' : undefined} data-testid="favorite-row">
      <div className={styles.main}>
        <p className={styles.type} style={{ ['--pk-color' as string]: type?.color ?? '#6b7280' }}>
          <span aria-hidden="true">{type?.icon}</span> {type?.label ?? store.store_type}
        </p>
        <h2 className={styles.name}>
          {store.name}
          {removed && <span className={styles.removedBadge}>{t('favorites.removed')}</span>}
        </h2>
        <p className={styles.meta}>
          {[store.prefecture_name, store.city].filter(Boolean).join('')}
          {distance && (
            <span className={styles.distance}>
              {t('favorites.distance', {
                d: distance.unit === 'm' ? t('map.distanceM', { m: distance.value }) : t('map.distance', { km: distance.value }),
              })}
            </span>
          )}
        </p>
        {!removed && (
          <p className={fresh ? styles.fresh : styles.report}>
            {lastReportText(store)}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        {!removed && (
          <Link to={paths.map.getHref({ store: store.id })} className={styles.mapLink}>
            {t('favorites.showOnMap')}
          </Link>
        )}
        <button
          type="button"
          className={styles.remove}
          aria-label={t('favorites.remove', { name: store.name })}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { store, favorite: false },
              {
                onSuccess: () => showToast(t('sheet.favoriteRemoved'), 'success'),
                onError: (error) =>
                  showToast(error instanceof ApiError && error.fromServer ? error.message : t('sheet.favoriteFailed'), 'error'),
              },
            )
          }
        >
          <span aria-hidden="true">★</span> {t('favorites.removeShort')}
        </button>
      </div>
    </li>
  );
}
