import { useStoresNear } from '@/api/stores';
import { SUBMISSION_NEARBY_LIMIT, SUBMISSION_NEARBY_RADIUS_KM } from '@/config/constants';
import { t } from '@/i18n/ja';
import { formatDistanceKm } from '@/lib/format';
import type { LatLng } from '@/lib/geolocation';
import styles from './SubmissionModal.module.css';

/** "Is it already there?": the registered stores within a few hundred metres of the new one. */
export function StoresAround({ point }: { point: LatLng }) {
  const around = useStoresNear(point, { radiusKm: SUBMISSION_NEARBY_RADIUS_KM, limit: SUBMISSION_NEARBY_LIMIT });
  const stores = around.data?.stores;
  if (!stores) return null; // loading or failed: this list is only a hint
  return (
    <section className={styles.around} aria-labelledby="stores-around-title" data-testid="submission-nearby">
      <h3 id="stores-around-title" className={styles.aroundTitle}>
        {t('submission.nearbyTitle')}
      </h3>
      {stores.length === 0 ? (
        <p className={styles.aroundNone}>{t('submission.nearbyNone')}</p>
      ) : (
        <>
          <p className={styles.aroundHint}>{t('submission.nearbyHint')}</p>
          <ul className={styles.aroundList}>
            {stores.map((store) => {
              const distance = store.distance_km !== undefined ? formatDistanceKm(store.distance_km) : null;
              const place = store.address || [store.prefecture_name, store.city].filter(Boolean).join('');
              return (
                <li key={store.id} className={styles.aroundItem}>
                  <span className={styles.aroundName}>{store.name}</span>
                  {place && <span className={styles.aroundPlace}>{place}</span>}
                  {distance && (
                    <span className={styles.aroundDistance}>
                      {distance.unit === 'm' ? t('map.distanceM', { m: distance.value }) : t('map.distance', { km: distance.value })}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
