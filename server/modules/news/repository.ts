import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { NEWS_CATEGORIES, NEWS_ID, NEWS_IMAGE_FILE, type NewsArticle } from '../../../src/contract/news';
import { keptJsonFile } from '../../lib/keptFile';
import { SEED_ARTICLES } from './model';

/**
 * The operator's articles, kept in `<dataDir>/news.json` (written with the launch articles at first
 * start): the operator edits the file to publish, change or withdraw an article, without a deploy. Edits
 * take effect on the next request; a file that does not validate (or two articles with one id) is
 * reported in the log and the last good articles stay in force, so a typo never empties the news.
 */

const text = z.object({ en: z.string().trim().min(1).max(300), cn: z.string().trim().min(1).max(300) });
const paragraphs = z.array(z.string().trim().min(1).max(4_000)).min(1).max(60);

export const newsArticleSchema = z.object({
  id: z.string().regex(NEWS_ID),
  category: z.enum(NEWS_CATEGORIES),
  label: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/)
    .optional(),
  publishedAt: z.iso.datetime({ offset: true }),
  title: text,
  summary: text,
  body: z.object({ en: paragraphs, cn: paragraphs }),
  image: z
    .object({
      file: z.string().regex(NEWS_IMAGE_FILE),
      width: z.number().int().min(1).max(4_000),
      height: z.number().int().min(1).max(4_000),
      alt: text,
    })
    .optional(),
});

export const newsFileSchema = z
  .object({ articles: z.array(newsArticleSchema).max(2_000) })
  .refine((file) => new Set(file.articles.map((a) => a.id)).size === file.articles.length, { message: 'two articles share an id' });

export interface NewsStore {
  /** Every article of the file, published or not. */
  all(): readonly NewsArticle[];
  /** Writes the whole file at once (another file renamed over it: a reader never sees half of it). */
  save(articles: readonly NewsArticle[]): void;
  /** Keeps a picture's bytes under a name made of them (the same picture twice is one file); its name. */
  saveImage(data: Buffer, extension: 'jpg' | 'png' | 'webp'): string;
  /** A kept picture's bytes, or nothing. */
  image(file: string): Buffer | undefined;
}

export function fileNewsStore(dataDir: string, log: { error(obj: object, msg: string): void }): NewsStore {
  const read = keptJsonFile<readonly NewsArticle[]>({
    file: join(dataDir, 'news.json'),
    seed: { articles: SEED_ARTICLES },
    initial: [],
    parse: (raw) => {
      const parsed = newsFileSchema.safeParse(raw);
      return parsed.success ? { success: true, data: parsed.data.articles } : parsed;
    },
    what: 'news.json',
    log,
  });
  const file = join(dataDir, 'news.json');
  const images = join(dataDir, 'news-images');
  return {
    all: read,
    save(articles) {
      const next = `${file}.${process.pid}.tmp`;
      writeFileSync(next, `${JSON.stringify({ articles }, null, 2)}\n`);
      renameSync(next, file);
    },
    saveImage(data, extension) {
      const name = `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${extension}`;
      mkdirSync(images, { recursive: true });
      writeFileSync(join(images, name), data);
      return name;
    },
    image(name) {
      if (!NEWS_IMAGE_FILE.test(name)) return undefined;
      try {
        return readFileSync(join(images, name));
      } catch {
        return undefined;
      }
    },
  };
}
