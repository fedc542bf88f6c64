/**
 * A help or legal document. Each document has one file per language (`<slug>.en.ts`, `<slug>.cn.ts`)
 * loaded on demand as an i18next namespace, so none of this text is in the first download.
 */
export interface ContentSection {
  heading?: string;
  paragraphs?: string[];
  /** A bulleted list shown after the paragraphs. */
  list?: string[];
}

export interface ContentDoc {
  title: string;
  /** One or two sentences shown under the title and in the FAQ list. */
  summary: string;
  /** ISO date of the last revision, e.g. '2026-11-01'. */
  updated: string;
  sections: ContentSection[];
}

/** The six FAQ articles of spec §2, in the order the FAQ page lists them. */
export const FAQ_ARTICLES = [
  'how-to-play-live-streaming',
  'basketball-events',
  'esports-events',
  'volleyball-team-win',
  'how-a-team-wins-pvl',
  'min-max-deposit',
] as const;
export type FaqArticle = (typeof FAQ_ARTICLES)[number];

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
} as const;

export type DocSlug = FaqArticle | (typeof LEGAL_DOCS)[keyof typeof LEGAL_DOCS];
