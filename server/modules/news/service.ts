import { createHash } from 'node:crypto';
import type { NewsArticle, NewsSummary } from '../../../src/contract/news';
import { fitImage } from '../../lib/images';
import { type NewsStore, newsFileSchema } from './repository';

/** Spec §5/§9: pictures at most 750 px on their longer side, 0.9 quality. */
const IMAGE_MAX_SIDE = 750;
const IMAGE_QUALITY = 0.9;
const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** An edit the file would not accept: the first problem, in words for the operator. */
export class NewsEditRefused extends Error {}

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

  /** Every article of the file, scheduled ones too, newest first (the operator's page). */
  everything(): NewsArticle[] {
    return [...this.store.all()].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
  }

  /**
   * Publishes an article, or replaces the one with its id: the whole file is validated as readers will
   * read it (NewsEditRefused says what is wrong) and written at once.
   */
  put(article: NewsArticle): void {
    const others = this.store.all().filter((a) => a.id !== article.id);
    this.save([article, ...others]);
  }

  /** Takes an article off the news (it answers 404 from now on); false when there was none. */
  withdraw(id: string): boolean {
    const all = this.store.all();
    const rest = all.filter((a) => a.id !== id);
    if (rest.length === all.length) return false;
    this.save(rest);
    return true;
  }

  /**
   * Keeps an article's picture: checked by its bytes (a JPEG, PNG or WebP with a readable size, never by
   * its name), made at most 750 px on its longer side, and stored under a name made of its bytes.
   */
  async keepImage(data: Buffer): Promise<{ file: string; width: number; height: number }> {
    const fitted = await fitImage(data, IMAGE_MAX_SIDE, IMAGE_QUALITY, 'news');
    return { file: this.store.saveImage(fitted.data, EXTENSION[fitted.contentType]), width: fitted.width, height: fitted.height };
  }

  /** A kept picture's bytes and type, or nothing. */
  image(file: string): { data: Buffer; contentType: string } | undefined {
    const data = this.store.image(file);
    if (!data) return undefined;
    const type = file.endsWith('.png') ? 'image/png' : file.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
    return { data, contentType: type };
  }

  private save(articles: NewsArticle[]): void {
    const parsed = newsFileSchema.safeParse({ articles });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new NewsEditRefused(`${issue.path.slice(2).join('.') || 'the file'}: ${issue.message}`);
    }
    this.store.save(parsed.data.articles);
  }
}
