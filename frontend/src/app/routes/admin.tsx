import { AdminPage } from '@/features/admin/components/AdminPage';
import { ModerationQueue } from '@/features/admin/components/ModerationQueue';
import { AuditPage } from '@/features/admin/components/AuditPage';
import { ReportsPage } from '@/features/admin/components/ReportsPage';
import { StorePage } from '@/features/admin/components/StorePage';
import { StoresPage } from '@/features/admin/components/StoresPage';
import { UserPage } from '@/features/admin/components/UserPage';
import { UsersPage } from '@/features/admin/components/UsersPage';
import { t } from '@/i18n/ja';
import ui from '@/styles/ui.module.css';

/**
 * The admin console (admin only; the route guard has asked the server before these render).
 * One lazy chunk: every tab and page, with the console's texts (i18n/ja-admin.ts). Each
 * page renders the tab bar (features/admin/AdminTabs.tsx) above its content.
 */

/** /admin, the 審査 tab: the moderation queue. */
export function AdminQueueRoute() {
  return <ModerationQueue />;
}
export const AdminStoresRoute = StoresPage;
export const AdminStoreRoute = StorePage;
export const AdminUsersRoute = UsersPage;
export const AdminUserRoute = UserPage;
export const AdminReportsRoute = ReportsPage;
export const AdminAuditRoute = AuditPage;

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
