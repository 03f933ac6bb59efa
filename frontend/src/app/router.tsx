import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { lazyRoute } from './lazy-route';
import { RootLayout } from './layout/RootLayout';
import { BlockedRoute } from './routes/blocked';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RateLimitedRoute } from './routes/rate-limited';

/**
 * Lazy: Leaflet and the map feature stay out of the initial bundle. Not React.lazy: its
 * Suspense reveal throttle held the first markers of a cold /map visit back (lazy-route.tsx).
 * The fallback is RootLayout's Suspense fallback.
 */
export const MapRoute = lazyRoute(() => import('./routes/map'), <Spinner label={t('common.loading')} />);
/** Lazy: the admin console (every tab, its texts, and the Leaflet of its maps) is one chunk, loaded only for admins. */
const admin = () => import('./routes/admin');
/** Every console tab and page (/admin, /admin/stores/12 …): nested routes inside the chunk. */
const AdminRoute = lazy(() => admin().then((m) => ({ default: m.AdminRoutes })));
const AdminAnalyticsRoute = lazy(() => admin().then((m) => ({ default: m.AdminAnalyticsRoute })));
/** Lazy: the lottery list and its submission form share one chunk (with their texts). */
const lotteries = () => import('./routes/lotteries');
const LotteriesRoute = lazy(() => lotteries().then((m) => ({ default: m.LotteriesRoute })));
const LotteryNewRoute = lazy(() => lotteries().then((m) => ({ default: m.LotteryNewRoute })));
/** Lazy: the privacy policy's long text (content/pages/privacy-policy.md). */
const PrivacyPolicyRoute = lazy(() => import('./routes/privacy-policy'));
/** Lazy: the guide (content/guide/*.md, rendered at build time); each article is its own chunk. */
const guide = () => import('./routes/guide');
const GuideIndexRoute = lazy(() => guide().then((m) => ({ default: m.GuideIndexRoute })));
const GuideArticleRoute = lazy(() => guide().then((m) => ({ default: m.GuideArticleRoute })));
/** Lazy: the account pages share one chunk. */
const account = () => import('./routes/account');
const LoginRoute = lazy(() => account().then((m) => ({ default: m.LoginRoute })));
const EmailVerificationRoute = lazy(() => account().then((m) => ({ default: m.EmailVerificationRoute })));
const PasswordResetRoute = lazy(() => account().then((m) => ({ default: m.PasswordResetRoute })));
const AuthActionRoute = lazy(() => account().then((m) => ({ default: m.AuthActionRoute })));
const ProfileRoute = lazy(() => account().then((m) => ({ default: m.ProfileRoute })));
const WithdrawalRoute = lazy(() => account().then((m) => ({ default: m.WithdrawalRoute })));
/** Lazy: the personal pages (favourites, my stats, the alert mail's unsubscribe link) share one chunk. */
const personal = () => import('./routes/personal');
const FavoritesRoute = lazy(() => personal().then((m) => ({ default: m.FavoritesRoute })));
const MyStatsRoute = lazy(() => personal().then((m) => ({ default: m.MyStatsRoute })));
const UnsubscribeRoute = lazy(() => personal().then((m) => ({ default: m.UnsubscribeRoute })));
const WatchOffRoute = lazy(() => personal().then((m) => ({ default: m.WatchOffRoute })));
/** Lazy: saved and shared routes share one chunk. */
const routes = () => import('./routes/trips');
const SavedTripsRoute = lazy(() => routes().then((m) => ({ default: m.SavedTripsRoute })));
const SharedTripRoute = lazy(() => routes().then((m) => ({ default: m.SharedTripRoute })));

/**
 * All routes (SPEC §2). Declarative mode (not the data router): the app loads data with
 * TanStack Query, and this mode is about 18 KB gzip smaller (docs/decisions/frontend-structure.md). Access
 * rules live in the layout's route guard (config/paths.ts says which route needs what).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={paths.home.path} element={<HomeRoute />} />
        <Route path={paths.map.path} element={<MapRoute />} />
        <Route path={paths.login.path} element={<LoginRoute />} />
        <Route path={paths.signup.path} element={<Navigate to={paths.signup.getHref()} replace />} />
        <Route path={paths.passwordReset.path} element={<PasswordResetRoute />} />
        <Route path={paths.authAction.path} element={<AuthActionRoute />} />
        <Route path={paths.emailVerification.path} element={<EmailVerificationRoute />} />
        <Route path={paths.profile.path} element={<ProfileRoute />} />
        <Route path={paths.withdrawal.path} element={<WithdrawalRoute />} />
        <Route path={paths.favorites.path} element={<FavoritesRoute />} />
        <Route path={paths.savedTrips.path} element={<SavedTripsRoute />} />
        <Route path={paths.sharedTrip.path} element={<SharedTripRoute />} />
        <Route path={paths.myStats.path} element={<MyStatsRoute />} />
        <Route path={paths.alertsUnsubscribe.path} element={<UnsubscribeRoute />} />
        <Route path={paths.alertsWatchOff.path} element={<WatchOffRoute />} />
        <Route path={`${paths.admin.path}/*`} element={<AdminRoute />} />
        <Route path={paths.adminAnalytics.path} element={<AdminAnalyticsRoute />} />
        <Route path={paths.lotteries.path} element={<LotteriesRoute />} />
        <Route path={paths.lotteryNew.path} element={<LotteryNewRoute />} />
        <Route path={paths.privacyPolicy.path} element={<PrivacyPolicyRoute />} />
        <Route path={paths.guide.path} element={<GuideIndexRoute />} />
        <Route path={paths.guideArticle.path} element={<GuideArticleRoute />} />
        <Route path={paths.blocked.path} element={<BlockedRoute />} />
        <Route path={paths.rateLimited.path} element={<RateLimitedRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
