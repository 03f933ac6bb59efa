import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { ta, type AdminMessageKey } from '@/i18n/ja-admin';
import styles from './AdminTabs.module.css';

/** The console's tabs, in order (docs/API.md's admin routes). */
export const ADMIN_TABS: readonly { path: string; label: AdminMessageKey }[] = [
  { path: paths.admin.path, label: 'tabs.queue' },
  { path: paths.adminStores.path, label: 'tabs.stores' },
  { path: paths.adminUsers.path, label: 'tabs.users' },
  { path: paths.adminReports.path, label: 'tabs.reports' },
  { path: paths.adminLotteries.path, label: 'tabs.lotteries' },
  { path: paths.adminProducts.path, label: 'tabs.products' },
  { path: paths.adminAudit.path, label: 'tabs.audit' },
  { path: paths.adminAnalytics.path, label: 'tabs.analytics' },
];

/** The tab a path belongs to: /admin only for itself, the others for their sub-pages too (/admin/stores/12 → 店舗). */
export function currentAdminTab(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === paths.admin.path) return paths.admin.path;
  return ADMIN_TABS.find((tab) => tab.path !== paths.admin.path && (path === tab.path || path.startsWith(`${tab.path}/`)))?.path ?? null;
}

/**
 * 審査 / 店舗 / ユーザー / 報告 / 抽選 / 商品 / 履歴 / アナリティクス: ordinary links (each tab is a URL, so
 * the back button, a reload and a shared link keep the admin's place), the current one
 * marked with aria-current. On a phone the row scrolls sideways and keeps the current tab
 * in view. Shared with the analytics page (features/analytics), which renders it too.
 */
export function AdminTabs() {
  const { pathname } = useLocation();
  const current = currentAdminTab(pathname);
  const listRef = useRef<HTMLUListElement>(null);

  // Scroll the row (never the page) so the current tab is in view on a narrow screen.
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active) return;
    const left = active.offsetLeft; // the list is positioned: offsets are within it
    if (left < list.scrollLeft || left + active.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = Math.max(0, left - 24);
    }
  }, [current]);

  return (
    <nav className={styles.nav} aria-label={ta('tabs.label')}>
      <ul ref={listRef} className={styles.tabs}>
        {ADMIN_TABS.map((tab) => {
          const active = tab.path === current;
          return (
            <li key={tab.path}>
              <Link
                to={tab.path}
                className={styles.tab}
                aria-current={active ? 'page' : undefined}
              >
                {ta(tab.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
