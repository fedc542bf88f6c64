import { createHash } from 'node:crypto';
import type { NewsArticle, NewsSummary } from '../../../src/contract/news';
import type { NewsStore } from './repository';

/** A JSON file as served: its text and an ETag of its bytes. */
export interface NewsFile {
  json: string;
  etag: string;
}

const asFile = (value: unknown): NewsFile => {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"` };
};

/** What the readers see: the published articles (publishedAt reached), newest first. */
export class NewsService {
  constructor(
    private readonly store: NewsStore,
    private readonly now: () => number,
  ) {}

  published(): NewsArticle[] {
    const now = this.now();
    return this.store
      .all()
      .filter((article) => Date.parse(article.publishedAt) <= now)
      .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
  }

  /** The list file: every published article's card (no bodies: the list stays small). */
  index(): NewsFile {
    const articles: NewsSummary[] = this.published().map(({ body: _body, ...summary }) => summary);
    return asFile({ articles });
  }

  /** One published article's file, or nothing (unknown, withdrawn or not yet published). */
  article(id: string): NewsFile | undefined {
    const article = this.published().find((a) => a.id === id);
    return article ? asFile(article) : undefined;
  }
}
