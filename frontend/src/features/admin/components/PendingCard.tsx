import { lazy, Suspense, useRef, useState } from 'react';
import { t } from '@/i18n/ja';
import { useNearViewport } from '../hooks/use-near-viewport';
import { useReview } from '../hooks/use-review';
import { parseCoord, roundCoord, type LatLng } from '../lib/review';
import type { AdminSubmission } from '../types/submission';
import { DuplicateHints } from './DuplicateHints';
import { ReviewForm } from './ReviewForm';
import { SubmissionDetails } from './SubmissionDetails';
import styles from './admin.module.css';

/** Lazy: Leaflet loads only when a preview is about to be seen. */
const MapPreview = lazy(() => import('./MapPreview'));

/**
 * A pending submission: its details with the duplicate hints (統合 merges), the map preview
 * with the draggable marker, and the approve / reject form. The marker position is shared
 * by the map and the form's latitude / longitude fields.
 */
export function PendingCard({
  submission: s,
  headingId,
  onReviewed,
}: {
  submission: AdminSubmission;
  headingId: string;
  onReviewed: () => void;
}) {
  const origin: LatLng = { lat: s.lat, lng: s.lng };
  const [latText, setLatText] = useState(String(s.lat));
  const [lngText, setLngText] = useState(String(s.lng));
  const review = useReview(s.id, onReviewed);
  const mapRef = useRef<HTMLDivElement>(null);
  const showMap = useNearViewport(mapRef);

  const lat = parseCoord(latText, 90);
  const lng = parseCoord(lngText, 180);
  const position: LatLng | null = lat !== null && lng !== null ? { lat, lng } : null;
  const [lastValid, setLastValid] = useState<LatLng>(origin);
  if (position && (position.lat !== lastValid.lat || position.lng !== lastValid.lng)) setLastValid(position);

  const moveTo = (next: LatLng) => {
    setLatText(String(roundCoord(next.lat)));
    setLngText(String(roundCoord(next.lng)));
  };
  const action = review.action;
  const mergingId = action?.kind === 'approve' && 'merge_into_store_id' in action.input ? action.input.merge_into_store_id : undefined;

  return (
    <>
      <div className={styles.info}>
        <h3 id={headingId} className={styles.cardTitle}>
          {s.store_name}
        </h3>
        <SubmissionDetails submission={s} />
        <DuplicateHints
          duplicates={s.duplicates}
          busy={review.busy}
          mergingId={mergingId}
          onMerge={(storeId) => review.run({ kind: 'approve', input: { merge_into_store_id: storeId } })}
        />
      </div>
      <div ref={mapRef} className={styles.mapArea}>
        {showMap ? (
          <Suspense fallback={<div className={styles.mapPlaceholder}>{t('admin.mapLoading')}</div>}>
            <MapPreview
              name={s.store_name}
              origin={origin}
              position={lastValid}
              precision={s.location_precision}
              duplicates={s.duplicates}
              onMove={moveTo}
            />
          </Suspense>
        ) : (
          <div className={styles.mapPlaceholder} />
        )}
      </div>
      <ReviewForm
        submission={s}
        origin={origin}
        position={position}
        latText={latText}
        lngText={lngText}
        onLatText={setLatText}
        onLngText={setLngText}
        onReset={() => moveTo(origin)}
        review={review}
      />
    </>
  );
}
