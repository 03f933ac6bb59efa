import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { useAuth } from '@/stores/auth-store';
import { showToast } from '@/stores/toast-store';
import { ReportDialog, type ReportTarget } from '../components/ReportDialog';

/**
 * The 報告する flow for a page that lists stores: `open(store)` shows the report form to a
 * signed-in user; a guest gets the login-needed warning and goes to /login (as with
 * 現在地から探す, SPEC §5). Render `dialog` somewhere on the page.
 */
export function useReportDialog() {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [store, setStore] = useState<ReportTarget | null>(null);

  const open = (target: ReportTarget) => {
    if (!isAuthenticated) {
      showToast(t('report.needsLogin'), 'warning');
      void navigate(paths.login.getHref());
      return;
    }
    setStore({ id: target.id, name: target.name });
  };

  return { open, dialog: <ReportDialog store={isAuthenticated ? store : null} onClose={() => setStore(null)} /> };
}
