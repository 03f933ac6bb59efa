import { useEffect } from 'react';
import { t } from '@/i18n/ja';

/** What a page tells search engines and the browser tab: each page its own title. */
export interface PageMeta {
  /** The page's own title; the site name is appended. Absent → the site name alone. */
  title?: string;
  /** Absent → the site's default description. */
  description?: string;
  /** Keep the page out of search results (not-found pages, account pages). */
  noindex?: boolean;
}

export function pageTitle(title?: string): string {
  return title ? t('meta.titleFormat', { title, site: t('site.title') }) : t('meta.siteTitle');
}

function metaTag(name: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  return tag;
}

/**
 * The one place that sets document.title, the meta description and robots for a page.
 * Each route calls it once; the server fills Open Graph tags for shared links itself.
 */
export function usePageMeta({ title, description, noindex }: PageMeta): void {
  useEffect(() => {
    document.title = pageTitle(title);
    metaTag('description').content = description ?? t('meta.description');
    const robots = metaTag('robots');
    robots.content = noindex ? 'noindex' : 'index,follow';
  }, [title, description, noindex]);
}
