import { StoreMap } from '@/features/map/components/StoreMap';
import { useReportDialog } from '@/features/reports/hooks/use-report-dialog';
import { AddStoreButton } from '@/features/submission/components/AddStoreButton';

/** /map: the store map, its popups' 報告する form, and the add-store button for signed-in users. */
export default function MapRoute() {
  const report = useReportDialog();
  return (
    <>
      <StoreMap onReport={report.open} mapActions={<AddStoreButton placement="inline" />} />
      {report.dialog}
    </>
  );
}
