import { useEffect } from 'react';
import { useConfig } from '@/api/config';

/**
 * Page views and the optional analytics tag in the shell, kept tiny for the initial bundle: once the route guard
 * lets a page show, the page-view sender (lib/page-views.ts, its own chunk) counts it,
 * and loads the optional third-party tag when /config names an analytics id. Neither can
 * block or break a page.
 */
export function useSiteAnalytics(pathname: string, search: string, enabled: boolean): void {
  const tagId = useConfig().data?.analytics_id;
  useEffect(() => {
    if (!enabled) return;
    import('@/lib/page-views').then((m) => m.onPageShown(pathname, search, tagId)).catch(() => undefined);
  }, [pathname, search, enabled, tagId]);
}
