import type { FaqArticle } from '../../../contract/faq/types';

/**
 * The legal and information documents (one file per language, `<slug>.en.ts`, `<slug>.cn.ts`, loaded on
 * demand as i18next namespaces, so none of this text is in the first download). The FAQ articles and the
 * document's shape live in src/contract/faq (the server answers with the articles too).
 */
export type { ContentDoc, ContentSection } from '../../../contract/faq/types';

/** Legal and information documents and the routes that show them. */
export const LEGAL_DOCS = {
  terms: 'terms',
  'terms-of-use': 'terms-of-use',
  'privacy-policy': 'privacy-policy',
  liscence: 'license',
  'tou-and-pp': 'tou-and-pp',
  'about-us': 'about-us',
  responsibleGaming: 'responsible-gaming',
  'responsive-gaming': 'responsible-gaming',
  voidepage: 'void-bets',
  teach: 'how-to-bet',
  facebook: 'facebook',
} as const;

export type DocSlug = FaqArticle | (typeof LEGAL_DOCS)[keyof typeof LEGAL_DOCS];
