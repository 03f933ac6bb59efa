import { AdminPage } from '@/features/admin/components/AdminPage';
import { ModerationQueue } from '@/features/admin/components/ModerationQueue';
import { AuditPage } from '@/features/admin/components/AuditPage';
import { LotteriesPage } from '@/features/admin/components/LotteriesPage';
import { ProductsPage } from '@/features/admin/components/ProductsPage';
import { ReportsPage } from '@/features/admin/components/ReportsPage';
import { StorePage } from '@/features/admin/components/StorePage';
import { StoresPage } from '@/features/admin/components/StoresPage';
import { UserPage } from '@/features/admin/components/UserPage';
import { UsersPage } from '@/features/admin/components/UsersPage';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
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
      <Route path={sub(paths.adminLotteries.path)} element={<LotteriesPage />} />
      <Route path={sub(paths.adminProducts.path)} element={<ProductsPage />} />
      <Route path={sub(paths.adminAudit.path)} element={<AuditPage />} />
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}

/** '/admin/stores/:id' → 'stores/:id' (relative to the /admin/* route). */
function sub(path: string): string {
  return path.slice(paths.admin.path.length + 1);
}

/** /admin/analytics, the アナリティクス tab: the analytics page (its own chunk; uPlot is a further one) in the console frame. */
const AnalyticsPage = lazy(() => import('@/features/analytics').then((m) => ({ default: m.AdminAnalyticsPage })));

export function AdminAnalyticsRoute() {
  return (
    <AdminPage>
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        <AnalyticsPage />
      </Suspense>
    </AdminPage>
  );
}
