/**
 * News (issue 37, spec §2 /news and its four categories, §7 "static script files … for news"): articles the
 * operator publishes without a deploy (server/modules/news reads them from the data folder), served as
 * static JSON files that the service worker keeps once read, so an article opened once reads offline.
 */

/** The four categories of spec §2, as their paths name them (/news/<category>/:label?). */
export const NEWS_CATEGORIES = ['winner-story', 'brand-story', 'panalo-news', 'media-coverage'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/** A text in both languages of the app. */
export interface NewsText {
  en: string;
  cn: string;
}

/** An article in the list: what a card shows. */
export interface NewsSummary {
  id: string;
  category: NewsCategory;
  /** An optional label within the category (/news/<category>/<label>). */
  label?: string;
  /** ISO time it was (or will be) published; the list has only the published ones, newest first. */
  publishedAt: string;
  title: NewsText;
  summary: NewsText;
  /** The article's picture, kept with the news in the data folder (newsImageUrl), with its text for screen readers. */
  image?: NewsImage;
}

/** An article's picture: its file under /static/news/images/ (named by its bytes), its size and its description. */
export interface NewsImage {
  file: string;
  width: number;
  height: number;
  alt: NewsText;
}

/** A whole article: its paragraphs in each language. */
export interface NewsArticle extends NewsSummary {
  body: { en: string[]; cn: string[] };
}

export const NEWS_INDEX_URL = '/static/news/index.json';
export const newsArticleUrl = (id: string) => `/static/news/${encodeURIComponent(id)}.json`;
export const newsImageUrl = (file: string) => `/static/news/images/${encodeURIComponent(file)}`;

/** A picture's file name: the first 32 hex digits of its bytes' SHA-256 and its type. */
export const NEWS_IMAGE_FILE = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

/** An article id: letters, digits and dashes, as its file and URL name it. */
export const NEWS_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
