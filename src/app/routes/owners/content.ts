import { articleSearch } from '../../../features/content/search';
import type { LEGAL_DOCS } from '../../../features/content/docs/types';
import { type RouteLoad, routeOf, P, page } from '../route';
import type { Kit } from '../prefetch/content';

const route = routeOf<Kit>();
type Load<S = unknown> = RouteLoad<Kit, S>;
/** The routes of the legal documents this feature owns (/responsibleGaming is responsible gaming's own page). */
type LegalDocRoute = Exclude<keyof typeof LEGAL_DOCS, 'responsibleGaming' | 'responsive-gaming'>;

/** A legal document's page: the document (`name` is the route's, LEGAL_DOCS gives its slug). */
const legalDoc =
  (name: LegalDocRoute): Load =>
  ({ queryClient, docQuery, LEGAL_DOCS, i18next }) =>
    void queryClient.prefetchQuery(docQuery(LEGAL_DOCS[name], i18next.language));

/** The routes of features/content. */
export const CONTENT_ROUTES = [
  route({
    path: '/faq',
    name: 'faq',
    owner: 'content',
    page: page('FaqPage', () => import('../../../features/content/FaqPage')),
    load: ({ queryClient, docsQuery, FAQ_ARTICLES, i18next }) => void queryClient.prefetchQuery(docsQuery(FAQ_ARTICLES, i18next.language)),
  }),
  route({
    path: '/faq/$article',
    name: 'faqArticle',
    owner: 'content',
    page: page('FaqArticlePage', () => import('../../../features/content/FaqArticlePage')),
    load: ({ queryClient, docQuery, isFaqArticle, i18next }, _, { params }) => {
      const article = params['article'] ?? '';
      if (isFaqArticle(article)) void queryClient.prefetchQuery(docQuery(article, i18next.language));
    },
  }),
  route({
    path: '/morepage',
    name: 'morepage',
    owner: 'content',
    page: page('MorePage', () => import('../../../features/content/MorePage')),
  }),
  route({
    path: '/about-us',
    name: 'about-us',
    owner: 'content',
    page: page('DocPage', () => import('../../../features/content/DocPage')),
    load: legalDoc('about-us'),
  }),
  // News: the operator's articles (static files the service worker keeps: read offline once opened).
  route({
    path: '/news-update',
    name: 'news-update',
    owner: 'content',
    page: page('NewsPage', () => import('../../../features/content/NewsPage')),
  }),
  route({ path: '/news', name: 'news', owner: 'content', page: page('NewsPage', () => import('../../../features/content/NewsPage')) }),
  route({
    path: '/community/$id',
    name: 'community',
    owner: 'content',
    page: page('CommunityPage', () => import('../../../features/content/ArticlePage')),
  }),
  route({
    path: '/detailsPage',
    name: 'detailsPage',
    owner: 'content',
    search: articleSearch,
    page: page('ArticlePage', () => import('../../../features/content/ArticlePage')),
  }),
  route({
    path: '/news/winner-story/{-$label}',
    name: 'news-winner-story',
    owner: 'content',
    page: page('WinnerStoryNews', () => import('../../../features/content/NewsPage')),
  }),
  route({
    path: '/news/brand-story/{-$label}',
    name: 'news-brand-story',
    owner: 'content',
    page: page('BrandStoryNews', () => import('../../../features/content/NewsPage')),
  }),
  route({
    path: '/news/panalo-news/{-$label}',
    name: 'news-product-news',
    owner: 'content',
    page: page('ProductNews', () => import('../../../features/content/NewsPage')),
  }),
  route({
    path: '/news/media-coverage/{-$label}',
    name: 'news-media-coverage',
    owner: 'content',
    page: page('MediaCoverageNews', () => import('../../../features/content/NewsPage')),
  }),
  route({
    path: '/terms',
    name: 'terms',
    owner: 'content',
    page: page('DocPage', () => import('../../../features/content/DocPage')),
    load: legalDoc('terms'),
  }),
  route({
    path: '/terms-of-use',
    name: 'terms-of-use',
    owner: 'content',
    page: page('DocPage', () => import('../../../features/content/DocPage')),
    load: legalDoc('terms-of-use'),
  }),
  route({
    path: '/privacy-policy',
    name: 'privacy-policy',
    owner: 'content',
    page: page('DocPage', () => import('../../../features/content/DocPage')),
    load: legalDoc('privacy-policy'),
  }),
  route({
    path: '/liscence',
    name: 'liscence',
    owner: 'content',
    page: page('DocPage', () => import('../../../features/content/DocPage')),
    load: legalDoc('liscence'),
  }),
  route({
    path: '/tou-and-pp',
    name: 'tou-and-pp',
    owner: 'content',
    page: page('DocPage', () => import('../../../features/content/DocPage')),
    load: legalDoc('tou-and-pp'),
  }),
  route({
    path: '/teach',
    name: 'teach',
    owner: 'content',
    page: page('DocPage', () => import('../../../features/content/DocPage')),
    load: legalDoc('teach'),
  }),
  route({
    path: '/facebook',
    name: 'facebook',
    owner: 'content',
    ...P,
    page: page('DocPage', () => import('../../../features/content/DocPage')),
    load: legalDoc('facebook'),
  }),
  route({
    path: '/voidepage',
    name: 'voidepage',
    owner: 'content',
    page: page('DocPage', () => import('../../../features/content/DocPage')),
    load: legalDoc('voidepage'),
  }),
] as const;
