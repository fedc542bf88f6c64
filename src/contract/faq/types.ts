/**
 * A help or legal document. Each document has one file per language (`<slug>.en.ts`, `<slug>.cn.ts`).
 * The FAQ articles of spec §2 live here, in the shared layer, because the page shows them
 * (src/features/content, loaded on demand as i18next namespaces) and the server answers with them
 * (the support desk's out-of-hours answer, server/modules/support); the legal documents stay with the
 * content pages.
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
