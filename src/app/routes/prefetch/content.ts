import { queryClient } from '../../../api/instance';
import { docQuery, docsQuery } from '../../../features/content/docs';
import { FAQ_ARTICLES, type FaqArticle } from '../../../contract/faq/types';
import { LEGAL_DOCS } from '../../../features/content/docs/types';
import { i18next } from '../../../i18n';
import { ROUTES_WITH_DATA, type RoutesData, data } from '../data';

/** The legal documents' pages this feature owns (/responsibleGaming is responsible gaming's own page now). */
const legalDocs: RoutesData = Object.fromEntries(
  Object.entries(LEGAL_DOCS)
    .filter(([name]) => (ROUTES_WITH_DATA.content as readonly string[] | undefined)?.includes(name))
    .map(([name, slug]) => [name, data({ prefetch: () => void queryClient.prefetchQuery(docQuery(slug, i18next.language)) })]),
);

export const ROUTE_DATA: RoutesData = {
  ...legalDocs,
  faq: data({ prefetch: () => void queryClient.prefetchQuery(docsQuery(FAQ_ARTICLES, i18next.language)) }),
  faqArticle: data({
    prefetch: (_, { params }) => {
      const article = params['article'] ?? '';
      if ((FAQ_ARTICLES as readonly string[]).includes(article)) {
        void queryClient.prefetchQuery(docQuery(article as FaqArticle, i18next.language));
      }
    },
  }),
};
