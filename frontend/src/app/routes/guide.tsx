import { useParams } from 'react-router';
import { findArticle } from '@/features/guide/articles';
import { GuideArticle } from '@/features/guide/components/GuideArticle';
import { GuideIndex } from '@/features/guide/components/GuideIndex';
import { GuideShell } from '@/features/guide/components/GuideShell';
import { usePageMeta } from '@/hooks/use-page-meta';
import { t } from '@/i18n/ja';
import { NotFoundRoute } from './not-found';

/** /guide (lazy chunk: the article list; each article body is its own chunk). */
export function GuideIndexRoute() {
  usePageMeta({ title: t('guide.title'), description: t('guide.lead') });
  return (
    <GuideShell>
      <GuideIndex />
    </GuideShell>
  );
}

/** /guide/{slug}; an unknown slug is the not-found page, inside the guide's frame. */
export function GuideArticleRoute() {
  const { slug } = useParams();
  const article = findArticle(slug);
  if (!article) {
    return (
      <GuideShell>
        <NotFoundRoute />
      </GuideShell>
    );
  }
  return <GuideArticlePage key={article.slug} article={article} />;
}

function GuideArticlePage({ article }: { article: NonNullable<ReturnType<typeof findArticle>> }) {
  usePageMeta({ title: article.title, description: article.description });
  return (
    <GuideShell>
      <GuideArticle article={article} />
    </GuideShell>
  );
}
