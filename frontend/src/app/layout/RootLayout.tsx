import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { DemoNotice } from '@/components/layout/DemoNotice';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { Spinner } from '@/components/ui/Spinner';
import { Toaster } from '@/components/ui/Toaster';
import { isChromeless, isFullHeight } from '@/config/paths';
import { t } from '@/i18n/ja';
import { guardRedirect } from '@/lib/access-state';
import styles from './RootLayout.module.css';

/**
 * The shell around every page, and the route guard (SPEC §2): a blocked flag sends every
 * navigation to /blocked; a rate limit still in force sends it to /rate-limited.
 * (The wait for the auth loading state comes with accounts; auth never loads for now.)
 */
export function RootLayout() {
  const location = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  const redirect = guardRedirect(location.pathname);
  if (redirect) return <Navigate to={redirect} replace />;

  const chromeless = isChromeless(location.pathname);
  return (
    <>
      <a href="#main" className={styles.skip}>
        {t('nav.skipToContent')}
      </a>
      {!chromeless && <Header />}
      <main id="main" className={chromeless ? styles.mainBare : isFullHeight(location.pathname) ? styles.mainFill : styles.main} tabIndex={-1}>
        {!chromeless && <DemoNotice />}
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      {!chromeless && <Footer />}
      <Toaster />
    </>
  );
}
