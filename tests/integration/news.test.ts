import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_CATEGORIES, NEWS_INDEX_URL, type NewsArticle, type NewsSummary, newsArticleUrl } from '../../src/contract/news';
import { type TestServer, startServer } from './server';

/**
 * News (issue 37): the operator's articles come from <dataDir>/news.json (launch articles written at
 * first start), edited without a deploy; readers get the published ones as static JSON (the list newest
 * first without bodies, each article by id, revalidated by ETag); an article not yet published, withdrawn
 * or unknown is a 404; a file that does not validate leaves the last good articles in force.
 */

let server: TestServer;
let now = Date.parse('2026-11-27T08:00:00Z');

beforeAll(async () => {
  server = await startServer({}, undefined, { clock: () => now });
});

afterAll(async () => {
  await server.close();
});

const file = () => join(server.config.dataDir, 'news.json');

/** Writes news.json and moves its time on, so the next request reads it (edits land within a second). */
function writeNews(content: string) {
  writeFileSync(file(), content);
  const at = new Date(Date.now() + Math.random() * 10_000);
  utimesSync(file(), at, at);
}

async function index(): Promise<NewsSummary[]> {
  const response = await fetch(`${server.url}${NEWS_INDEX_URL}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { articles: NewsSummary[] }).articles;
}

const article = (overrides: Partial<NewsArticle> & { id: string; publishedAt: string }): NewsArticle => ({
  category: 'panalo-news',
  title: { en: `Title ${overrides.id}`, cn: `标题 ${overrides.id}` },
  summary: { en: 'Summary', cn: '摘要' },
  body: { en: ['First paragraph.'], cn: ['第一段。'] },
  ...overrides,
});

describe('news', () => {
  it('starts with the launch articles, one per category, each readable in en and cn', async () => {
    const seeded = JSON.parse(readFileSync(file(), 'utf8')) as { articles: NewsArticle[] };
    expect(new Set(seeded.articles.map((a) => a.category))).toEqual(new Set(NEWS_CATEGORIES));
    const list = await index();
    expect(list.map((a) => a.id).sort()).toEqual(seeded.articles.map((a) => a.id).sort());
    for (const card of list) expect(card).not.toHaveProperty('body');
    const response = await fetch(`${server.url}${newsArticleUrl(list[0]!.id)}`);
    const full = (await response.json()) as NewsArticle;
    expect(full.body.en.length).toBeGreaterThan(0);
    expect(full.body.cn.length).toBeGreaterThan(0);
  });

  it('serves what the operator publishes, newest first, hides what is not yet published, 304 when unchanged', async () => {
    writeNews(
      JSON.stringify({
        articles: [
          article({ id: 'older', publishedAt: '2026-11-20T00:00:00Z', category: 'winner-story', label: 'bingo' }),
          article({ id: 'newer', publishedAt: '2026-11-26T00:00:00Z' }),
          article({ id: 'tomorrow', publishedAt: '2026-11-28T00:00:00Z' }),
        ],
      }),
    );
    expect((await index()).map((a) => a.id)).toEqual(['newer', 'older']);
    expect((await index()).find((a) => a.id === 'older')).toMatchObject({ category: 'winner-story', label: 'bingo' });
    expect((await fetch(`${server.url}${newsArticleUrl('tomorrow')}`)).status).toBe(404);

    const first = await fetch(`${server.url}${newsArticleUrl('newer')}`);
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${server.url}${newsArticleUrl('newer')}`, { headers: { 'If-None-Match': etag } })).status).toBe(304);

    // The day comes: it is published without anyone touching the file.
    now = Date.parse('2026-11-28T01:00:00Z');
    expect((await index()).map((a) => a.id)).toEqual(['tomorrow', 'newer', 'older']);
    expect((await fetch(`${server.url}${newsArticleUrl('tomorrow')}`)).status).toBe(200);
  });

  it('keeps the last good articles when the file does not validate; unknown ids are a 404', async () => {
    const before = await index();
    writeNews(JSON.stringify({ articles: [article({ id: 'Bad Id!', publishedAt: '2026-11-20T00:00:00Z' })] }));
    expect(await index()).toEqual(before);
    writeNews(
      JSON.stringify({
        articles: [
          article({ id: 'twin', publishedAt: '2026-11-20T00:00:00Z' }),
          article({ id: 'twin', publishedAt: '2026-11-21T00:00:00Z' }),
        ],
      }),
    );
    expect(await index()).toEqual(before);
    writeNews('{ not json');
    expect(await index()).toEqual(before);
    for (const path of ['/static/news/nope.json', '/static/news/..%2Fsite.json', '/static/news/other/x.json']) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    }
  });
});
