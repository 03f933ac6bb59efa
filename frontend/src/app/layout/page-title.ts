import { paths } from '@/config/paths';
import { t, type MessageKey } from '@/i18n/ja';
import { PREFECTURE_CODES } from '@/lib/prefecture-codes';

/** Every page's own Japanese `<title>` (the site name after it; the home page leads with it). */
const TITLES: Readonly<Record<string, MessageKey>> = {
  [paths.map.path]: 'map.title',
  [paths.login.path]: 'login.title',
  [paths.passwordReset.path]: 'reset.title',
  [paths.authAction.path]: 'verify.title',
  [paths.emailVerification.path]: 'verify.title',
  [paths.profile.path]: 'profile.title',
  [paths.favorites.path]: 'favorites.title',
  [paths.savedTrips.path]: 'soon.savedRoutes',
  [paths.myStats.path]: 'stats.title',
  [paths.withdrawal.path]: 'withdrawal.title',
  [paths.admin.path]: 'admin.title',
  [paths.adminAnalytics.path]: 'soon.adminAnalytics',
  [paths.lotteries.path]: 'nav.lotteries',
  [paths.lotteryNew.path]: 'lottery.newTitle',
  [paths.privacyPolicy.path]: 'privacy.title',
  [paths.guide.path]: 'page.guide',
  [paths.blocked.path]: 'blocked.title',
  [paths.rateLimited.path]: 'rateLimited.title',
};

const PREFECTURE_NAMES = new Map(Object.entries(PREFECTURE_CODES).map(([name, code]) => [code, name]));

/** null for a guide article: the article sets its own title (usePageMeta), which this must not overwrite. */
export function pageTitle(pathname: string, search: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === paths.home.path) return t('site.homeTitle');
  const params = new URLSearchParams(search);
  let page: string;
  if (path === paths.map.path) {
    const name = PREFECTURE_NAMES.get(params.get('prefecture') ?? '');
    page = name ? t('map.titleFor', { name }) : t('map.title');
  } else if (path === paths.login.path && params.get('tab') === 'signup') {
    page = t('page.signup');
  } else if (path.startsWith(`${paths.guide.path}/`)) {
    return null;
  } else if (path.startsWith(`${paths.admin.path}/`) && !TITLES[path]) {
    page = t('admin.title'); // the console's tabs and pages
  } else {
    const key = TITLES[path];
    page = key ? t(key) : t('notFound.title');
  }
  return t('site.pageTitle', { page });
}
