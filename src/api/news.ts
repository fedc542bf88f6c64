import { queryOptions } from '@tanstack/react-query';
import { NEWS_INDEX_URL, type NewsArticle, type NewsSummary, newsArticleUrl } from '../contract/news';

/**
 * The news, read from its static files (src/contract/news.ts). The service worker keeps what was read
 * (stale-while-revalidate under /static/), so the list and every article opened once read offline.
 */
async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw Object.assign(new Error(`${url}: HTTP ${response.status}`), { status: response.status });
  return (await response.json()) as T;
}

export const newsIndexQuery = queryOptions({
  queryKey: ['news', 'index'],
  queryFn: async () => (await fetchJson<{ articles: NewsSummary[] }>(NEWS_INDEX_URL)).articles,
  staleTime: 60_000,
});

export const newsArticleQuery = (id: string) =>
  queryOptions({
    queryKey: ['news', 'article', id],
    queryFn: () => fetchJson<NewsArticle>(newsArticleUrl(id)),
    staleTime: 60_000,
    // An unknown or withdrawn article is a 404: asking again will not change that.
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
