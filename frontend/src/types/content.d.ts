// The virtual modules of build/vite-plugin-content.ts (Markdown rendered at build time).

declare module 'virtual:guide' {
  export interface GuideArticleMeta {
    slug: string;
    title: string;
    order: number;
    /** YYYY-MM-DD */
    updated: string;
    description: string;
  }
  export interface TocEntry {
    id: string;
    text: string;
    level: 2 | 3;
  }
  export interface GuideArticleBody {
    /** Sanitised at build time. */
    html: string;
    toc: TocEntry[];
  }
  /** By order. */
  export const articles: GuideArticleMeta[];
  /** One lazy chunk per article. */
  export const loaders: Record<string, () => Promise<{ default: GuideArticleBody }>>;
}

declare module 'virtual:content-page/*' {
  const page: {
    slug: string;
    title: string;
    updated: string;
    description: string;
    /** Sanitised at build time. */
    html: string;
    toc: { id: string; level: 2 | 3; text: string }[];
  };
  export default page;
}
