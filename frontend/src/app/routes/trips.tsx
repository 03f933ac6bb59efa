import { useParams } from 'react-router';
import { SavedTripsPage } from '@/features/trips/components/SavedTripsPage';
import { SharedTripPage } from '@/features/trips/components/SharedTripPage';

/** /saved-routes (login required: the trip guard checks it). */
export function SavedTripsRoute() {
  return <SavedTripsPage />;
}

/** /shared-routes/{shareId}: public, read-only. */
export function SharedTripRoute() {
  const { shareId = '' } = useParams();
  return <SharedTripPage shareId={shareId} />;
}
