/** Every route path of the app, in one place. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  map: {
    path: '/map',
    getHref: (query?: { prefecture?: string; lat?: number; lng?: number; store?: string | number }) => {
      if (!query) return '/map';
      const params = new URLSearchParams();
      if (query.prefecture) params.set('prefecture', query.prefecture);
      if (query.store !== undefined) params.set('store', String(query.store));
      if (query.lat !== undefined && query.lng !== undefined) {
        params.set('lat', String(query.lat));
        params.set('lng', String(query.lng));
      }
      const qs = params.toString();
      return qs ? `/map?${qs}` : '/map';
    },
  },
  login: { path: '/login', getHref: (tab?: 'signup') => (tab ? `/login?tab=${tab}` : '/login') },
  /** Opens /login's sign-up tab. */
  signup: { path: '/signup', getHref: () => '/login?tab=signup' },
  passwordReset: { path: '/password-reset', getHref: () => '/password-reset' },
  authAction: { path: '/auth/action', getHref: () => '/auth/action' },
  emailVerification: { path: '/email-verification', getHref: () => '/email-verification' },
  profile: { path: '/profile', getHref: () => '/profile' },
  favorites: { path: '/favorites', getHref: () => '/favorites' },
  savedTrips: { path: '/saved-routes', getHref: () => '/saved-routes' },
  /** A route shared by its owner: public and read-only. */
  sharedTrip: { path: '/shared-routes/:shareId', getHref: (shareId: string) => `/shared-routes/${encodeURIComponent(shareId)}` },
  myStats: { path: '/my-stats', getHref: () => '/my-stats' },
  withdrawal: { path: '/withdrawal', getHref: () => '/withdrawal' },
  admin: { path: '/admin', getHref: () => '/admin' },
  adminAnalytics: { path: '/admin/analytics', getHref: () => '/admin/analytics' },
  /** The admin console's tabs; filters and page live in their query strings. */
  adminStores: { path: '/admin/stores', getHref: () => '/admin/stores' },
  adminStore: { path: '/admin/stores/:id', getHref: (id: number | string) => `/admin/stores/${encodeURIComponent(String(id))}` },
  adminUsers: { path: '/admin/users', getHref: () => '/admin/users' },
  adminUser: { path: '/admin/users/:id', getHref: (id: number | string) => `/admin/users/${encodeURIComponent(String(id))}` },
  adminReports: { path: '/admin/reports', getHref: () => '/admin/reports' },
  adminLotteries: { path: '/admin/lotteries', getHref: () => '/admin/lotteries' },
  adminProducts: { path: '/admin/products', getHref: () => '/admin/products' },
  adminAudit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  /** 抽選情報: open and upcoming lottery sales; filters live in the query string. */
  lotteries: { path: '/lotteries', getHref: () => '/lotteries' },
  /** The lottery submission form for one store (opened from the store sheet). */
  lotteryNew: {
    path: '/lotteries/new',
    getHref: (storeId?: number | string) => (storeId === undefined ? '/lotteries/new' : `/lotteries/new?store=${encodeURIComponent(String(storeId))}`),
  },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  guide: { path: '/guide', getHref: () => '/guide' },
  guideArticle: { path: '/guide/:slug', getHref: (slug: string) => `/guide/${encodeURIComponent(slug)}` },
  blocked: { path: '/blocked', getHref: () => '/blocked' },
  rateLimited: { path: '/rate-limited', getHref: () => '/rate-limited' },
  /** The page the favourite-store alert mail's unsubscribe link opens. */
  alertsUnsubscribe: {
    path: '/alerts/unsubscribe',
    getHref: (token?: string) => (token ? `/alerts/unsubscribe?token=${encodeURIComponent(token)}` : '/alerts/unsubscribe'),
  },
  /** The guide's article on how to post a store. */
  guideHowToPost: { path: '/guide/how-to-post', getHref: () => '/guide/how-to-post' },
  /** The guide's article on points and the ranking (the rule the ranking dialog states). */
  guidePoints: { path: '/guide/points-and-ranking', getHref: () => '/guide/points-and-ranking' },
  /** The page the area-watch alert mail's off link opens. */
  alertsWatchOff: {
    path: '/alerts/watch-off',
    getHref: (token?: string) => (token ? `/alerts/watch-off?token=${encodeURIComponent(token)}` : '/alerts/watch-off'),
  },
} as const;

/** Pages whose content fills the viewport below the header (the map). */
export function isFullHeight(pathname: string): boolean {
  return pathname === paths.map.path;
}

function isGuide(pathname: string): boolean {
  return pathname === paths.guide.path || pathname.startsWith(`${paths.guide.path}/`);
}

/** Pages that render without the header and footer (SPEC §2 Shell). */
export function isChromeless(pathname: string): boolean {
  return isGuide(pathname);
}

/** SPEC §2 Routes: "login required". */
const LOGIN_REQUIRED: readonly string[] = [
  paths.profile.path,
  paths.favorites.path,
  paths.savedTrips.path,
  paths.myStats.path,
  paths.withdrawal.path,
];
/** SPEC §2 Routes: "admin only" (checked with the server): /admin and everything under it. */
function isAdminPath(pathname: string): boolean {
  return pathname === paths.admin.path || pathname.startsWith(`${paths.admin.path}/`);
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isLoginRequired(pathname: string): boolean {
  return LOGIN_REQUIRED.includes(normalise(pathname));
}

export function isAdminOnly(pathname: string): boolean {
  return isAdminPath(normalise(pathname));
}

/** SPEC §2 Routes: /login is for guests only (signed-in users are sent to /). */
export function isGuestsOnly(pathname: string): boolean {
  return normalise(pathname) === paths.login.path;
}

/** SPEC §4 Auth: auth is not initialised on /login or under /guide (loading is set to false). */
export function skipsAuthInit(pathname: string): boolean {
  return normalise(pathname) === paths.login.path || isGuide(pathname);
}

/** SPEC §4 On sign-in: initial data is not fetched on /guide pages. */
export function skipsInitialData(pathname: string): boolean {
  return isGuide(pathname);
}
