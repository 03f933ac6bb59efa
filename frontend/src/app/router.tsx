import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './layout/RootLayout';
import { BlockedRoute } from './routes/blocked';
import { HomeRoute } from './routes/home';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { PrivacyPolicyRoute } from './routes/privacy-policy';
import { RateLimitedRoute } from './routes/rate-limited';

/** Lazy: Leaflet and the map feature stay out of the initial bundle. */
const MapRoute = lazy(() => import('./routes/map'));

/**
 * All routes. Declarative mode (not the data router): the app loads data with TanStack
 * Query, and this mode is about 18 KB gzip smaller (docs/DECISIONS.md).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={paths.home.path} element={<HomeRoute />} />
        <Route path={paths.map.path} element={<MapRoute />} />
        <Route path={paths.login.path} element={<LoginRoute />} />
        <Route path={paths.privacyPolicy.path} element={<PrivacyPolicyRoute />} />
        <Route path={paths.blocked.path} element={<BlockedRoute />} />
        <Route path={paths.rateLimited.path} element={<RateLimitedRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
