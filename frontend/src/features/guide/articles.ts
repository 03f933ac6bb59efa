import { articles, loaders, type GuideArticleBody, type GuideArticleMeta } from 'virtual:guide';

/** The guide's articles (content/guide/*.md, rendered at build time), by order. */
export const guideArticles: readonly GuideArticleMeta[] = articles;

export function findArticle(slug: string | undefined): GuideArticleMeta | undefined {
  return articles.find((a) => a.slug === slug);
}

/** The articles before and after `slug` in reading order. */
export function neighbours(slug: string): { prev?: GuideArticleMeta; next?: GuideArticleMeta } {
  const i = articles.findIndex((a) => a.slug === slug);
  if (i < 0) return {};
  return { prev: articles[i - 1], next: articles[i + 1] };
}

/** One article's body: its own lazy chunk. */
export async function loadArticle(slug: string): Promise<GuideArticleBody> {
  const load = loaders[slug];
  if (!load) throw new Error(`unknown guide article: ${slug}`);
  return (await load()).default;
}
