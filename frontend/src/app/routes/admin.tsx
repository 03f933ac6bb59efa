import { AdminPage } from '@/features/admin/components/AdminPage';
import { ModerationQueue } from '@/features/admin/components/ModerationQueue';
import { AuditPage } from '@/features/admin/components/AuditPage';
import { ReportsPage } from '@/features/admin/components/ReportsPage';
import { StorePage } from '@/features/admin/components/StorePage';
import { StoresPage } from '@/features/admin/components/StoresPage';
import { UserPage } from '@/features/admin/components/UserPage';
import { UsersPage } from '@/features/admin/components/UsersPage';
import { Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';
import { NotFoundRoute } from './not-found';

/**
 * The admin console (admin only; the route guard has asked the server before these render).
 * One lazy chunk: every tab and page, with the console's texts (i18n/ja-admin.ts). Each
 * page renders the tab bar (features/admin/AdminTabs.tsx) above its content.
 */

/**
 * The console's routes below /admin (paths.ts names them); /admin/analytics is its own route
 * in app/router.tsx (AdminAnalyticsRoute below). Anything else under /admin is the 404 page.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<ModerationQueue />} />
      <Route path={sub(paths.adminStores.path)} element={<StoresPage />} />
      <Route path={sub(paths.adminStore.path)} element={<StorePage />} />
      <Route path={sub(paths.adminUsers.path)} element={<UsersPage />} />
      <Route path={sub(paths.adminUser.path)} element={<UserPage />} />
      <Route path={sub(paths.adminReports.path)} element={<ReportsPage />} />
      <Route path={sub(paths.adminAudit.path)} element={<AuditPage />} />
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}

/** '/admin/stores/:id' → 'stores/:id' (relative to the /admin/* route). */
function sub(path: string): string {
  return path.slice(paths.admin.path.length + 1);
}

/**
 * MERGE (issue 11): /admin/analytics, the アナリティクス tab. Features do not import each other,
 * so the console frame (管理画面 heading and tab bar, AdminPage) is put around the analytics
 * page here: replace the placeholder section with the page from features/analytics, e.g.
 * `<AdminPage><AnalyticsPage /></AdminPage>` (lazy there if its chart library should load on
 * this tab only). Until then: the coming-soon text under the tab bar.
 */
export function AdminAnalyticsRoute() {
  return (
    <AdminPage>
      <section className={ui.card}>
        <h2 className={ui.pageTitle}>{t('soon.adminAnalytics')}</h2>
        <p className={ui.muted}>{t('soon.body')}</p>
      </section>
    </AdminPage>
  );
}
