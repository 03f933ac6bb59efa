import { useParams } from 'react-router';
import { SavedRoutesPage } from '@/features/routes/components/SavedRoutesPage';
import { SharedRoutePage } from '@/features/routes/components/SharedRoutePage';

/** /saved-routes (login required: the route guard checks it). */
export function SavedRoutesRoute() {
  return <SavedRoutesPage />;
}

/** /shared-routes/{shareId}: public, read-only. */
export function SharedRouteRoute() {
  const { shareId = '' } = useParams();
  return <SharedRoutePage shareId={shareId} />;
}
