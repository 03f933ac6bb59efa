import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './layout/RootLayout';
import { BlockedRoute } from './routes/blocked';
import { ComingSoonRoute } from './routes/coming-soon';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { PrivacyPolicyRoute } from './routes/privacy-policy';
import { RateLimitedRoute } from './routes/rate-limited';

/** Lazy: Leaflet and the map feature stay out of the initial bundle. */
const MapRoute = lazy(() => import('./routes/map'));
/** Lazy: the admin area (and the Leaflet of its map previews) loads only for admins. */
const AdminRoute = lazy(() => import('./routes/admin'));
/** Lazy: the account pages share one chunk. */
const account = () => import('./routes/account');
const LoginRoute = lazy(() => account().then((m) => ({ default: m.LoginRoute })));
const EmailVerificationRoute = lazy(() => account().then((m) => ({ default: m.EmailVerificationRoute })));
const PasswordResetRoute = lazy(() => account().then((m) => ({ default: m.PasswordResetRoute })));
const AuthActionRoute = lazy(() => account().then((m) => ({ default: m.AuthActionRoute })));
const ProfileRoute = lazy(() => account().then((m) => ({ default: m.ProfileRoute })));
const WithdrawalRoute = lazy(() => account().then((m) => ({ default: m.WithdrawalRoute })));
/** Lazy: saved and shared routes (issue 10) share one chunk. */
const routes = () => import('./routes/routes');
const SavedRoutesRoute = lazy(() => routes().then((m) => ({ default: m.SavedRoutesRoute })));
const SharedRouteRoute = lazy(() => routes().then((m) => ({ default: m.SharedRouteRoute })));

/**
 * All routes (SPEC §2). Declarative mode (not the data router): the app loads data with
 * TanStack Query, and this mode is about 18 KB gzip smaller (docs/DECISIONS.md). Access
 * rules live in the layout's route guard (config/paths.ts says which route needs what).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={paths.home.path} element={<HomeRoute />} />
        <Route path={paths.map.path} element={<MapRoute />} />
        <Route path={paths.login.path} element={<LoginRoute />} />
        <Route path={paths.passwordReset.path} element={<PasswordResetRoute />} />
        <Route path={paths.authAction.path} element={<AuthActionRoute />} />
        <Route path={paths.emailVerification.path} element={<EmailVerificationRoute />} />
        <Route path={paths.profile.path} element={<ProfileRoute />} />
        <Route path={paths.withdrawal.path} element={<WithdrawalRoute />} />
        <Route path={paths.favorites.path} element={<ComingSoonRoute title="soon.favorites" />} />
        <Route path={paths.savedRoutes.path} element={<SavedRoutesRoute />} />
        <Route path={paths.sharedRoute.path} element={<SharedRouteRoute />} />
        <Route path={paths.myStats.path} element={<ComingSoonRoute title="soon.myStats" />} />
        <Route path={paths.admin.path} element={<AdminRoute />} />
        <Route path={paths.adminAnalytics.path} element={<ComingSoonRoute title="soon.adminAnalytics" />} />
        <Route path={paths.privacyPolicy.path} element={<PrivacyPolicyRoute />} />
        <Route path={paths.blocked.path} element={<BlockedRoute />} />
        <Route path={paths.rateLimited.path} element={<RateLimitedRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
