import { useQuery } from '@tanstack/react-query';
import { loadArticle } from './articles';

/** The rendered body of one article (loaded once, kept for the session). */
export function useGuideArticle(slug: string) {
  return useQuery({
    queryKey: ['guide-article', slug],
    queryFn: () => loadArticle(slug),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
