import { useSearchParams } from 'react-router';
import { StoreMap } from '@/features/map/components/StoreMap';
import { useReportDialog } from '@/features/reports/hooks/use-report-dialog';
import { AddToRouteButton } from '@/features/routes/components/AddToRouteButton';
import { RouteBar } from '@/features/routes/components/RouteBar';
import { RouteLayer } from '@/features/routes/components/RouteLayer';
import { useOpenSavedRoute } from '@/features/routes/hooks/use-open-saved-route';
import { AddStoreButton } from '@/features/submission/components/AddStoreButton';

/**
 * /map: the store map, its popups' 報告する form, the add-store button for signed-in users,
 * and the route being built (ルートに追加 in popups and the list, the bar, the line).
 * ?route={id} opens a saved route.
 */
export default function MapRoute() {
  const report = useReportDialog();
  const [searchParams] = useSearchParams();
  const routeId = Number(searchParams.get('route'));
  useOpenSavedRoute(Number.isInteger(routeId) && routeId > 0 ? routeId : null);
  return (
    <>
      <StoreMap
        onReport={report.open}
        mapActions={<AddStoreButton placement="inline" />}
        popupActions={(store) => <AddToRouteButton store={store} />}
        listRowAction={(store) => <AddToRouteButton store={store} compact />}
        mapLayers={<RouteLayer />}
        overlay={<RouteBar />}
      />
      {report.dialog}
    </>
  );
}
