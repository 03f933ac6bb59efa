import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { DemoNotice } from '@/components/layout/DemoNotice';
import { Footer } from '@/components/layout/Footer';
import { OfflineNotice } from '@/components/layout/OfflineNotice';
import { UpdatePrompt } from '@/components/layout/UpdatePrompt';
import { Spinner } from '@/components/ui/Spinner';
import { Toaster } from '@/components/ui/Toaster';
import { isChromeless, isFullHeight, paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { Header } from './Header';
import { useSiteAnalytics } from './use-analytics';
import { pageTitle } from './page-title';
import styles from './RootLayout.module.css';
import { useAuthLifecycle } from './use-auth-lifecycle';
import { useRouteGuard } from './use-route-guard';

/**
 * The shell around every page, the auth lifecycle and the route guard (SPEC §2, §4):
 * blocked flag → /blocked, rate limit → /rate-limited, /login for guests only,
 * login-required and admin routes after the auth wait and the server's admin check.
 */
export function RootLayout() {
  const location = useLocation();
  useAuthLifecycle();
  const verdict = useRouteGuard();
  // First-party page views once the page may show; the optional tag.
  useSiteAnalytics(location.pathname, location.search, verdict.kind === 'pass');
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  useEffect(() => {
    const title = pageTitle(location.pathname, location.search);
    if (title) document.title = title;
  }, [location.pathname, location.search]);

  if (verdict.kind === 'redirect') {
    const toBlockedOrLimited = verdict.to === paths.blocked.path || verdict.to === paths.rateLimited.path;
    return <Navigate to={verdict.to} replace state={!toBlockedOrLimited && verdict.from ? { from: verdict.from } : undefined} />;
  }

  const chromeless = isChromeless(location.pathname);
  return (
    <>
      <a href="#main" className={styles.skip}>
        {t('nav.skipToContent')}
      </a>
      {!chromeless && <Header />}
      <main id="main" className={chromeless ? styles.mainBare : isFullHeight(location.pathname) ? styles.mainFill : styles.main} tabIndex={-1}>
        {!chromeless && <DemoNotice />}
        {verdict.kind === 'pass' ? (
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <Outlet />
          </Suspense>
        ) : (
          <Spinner label={t('common.loading')} />
        )}
      </main>
      {!chromeless && <Footer />}
      <Toaster />
      <OfflineNotice bare={chromeless} />
      <UpdatePrompt />
    </>
  );
}
