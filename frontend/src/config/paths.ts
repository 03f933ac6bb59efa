/** Every route path of the app, in one place. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  map: {
    path: '/map',
    getHref: (query?: { prefecture?: string; lat?: number; lng?: number }) => {
      if (!query) return '/map';
      const params = new URLSearchParams();
      if (query.prefecture) params.set('prefecture', query.prefecture);
      if (query.lat !== undefined && query.lng !== undefined) {
        params.set('lat', String(query.lat));
        params.set('lng', String(query.lng));
      }
      const qs = params.toString();
      return qs ? `/map?${qs}` : '/map';
    },
  },
  login: { path: '/login', getHref: () => '/login' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  guide: { path: '/guide', getHref: () => '/guide' },
  blocked: { path: '/blocked', getHref: () => '/blocked' },
  rateLimited: { path: '/rate-limited', getHref: () => '/rate-limited' },
} as const;

/** Pages whose content fills the viewport below the header (the map). */
export function isFullHeight(pathname: string): boolean {
  return pathname === paths.map.path;
}

/** Pages that render without the header and footer (SPEC §2 Shell). */
export function isChromeless(pathname: string): boolean {
  return pathname === paths.guide.path || pathname.startsWith(`${paths.guide.path}/`);
}
