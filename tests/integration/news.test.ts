import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { NEWS_CATEGORIES, NEWS_INDEX_URL, type NewsArticle, type NewsSummary, newsArticleUrl, newsImageUrl } from '../../src/contract/news';
import { makePng } from './images';
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

  describe('the operator’s news desk (/dev/news)', () => {
    const desk = (path: string, body: FormData | URLSearchParams) =>
      fetch(`${server.url}${path}`, { method: 'POST', body, headers: { Origin: server.url } });
    const form = (fields: Record<string, string>, image?: Buffer) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.set(name, value);
      if (image) data.set('image', new Blob([new Uint8Array(image)], { type: 'application/octet-stream' }), 'photo.bin');
      return data;
    };
    const fields = {
      id: 'desk-story',
      category: 'winner-story',
      label: 'slots',
      publishedAt: '2026-11-27T07:00:00.000Z',
      titleEn: 'Maria wins on slots',
      titleCn: '玛丽亚老虎机获胜',
      summaryEn: 'A winner story from the desk.',
      summaryCn: '来自编辑台的赢家故事。',
      bodyEn: 'First paragraph.\n\nSecond paragraph.',
      bodyCn: '第一段。\n\n第二段。',
      imageAltEn: 'Maria holding her phone',
      imageAltCn: '玛丽亚拿着手机',
    };

    it('publishes an article with its picture (made at most 750 px), edits it and withdraws it, without a restart', async () => {
      now = Date.parse('2026-11-28T02:00:00Z');
      const page = await fetch(`${server.url}/dev/news`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Publish an article');

      const published = await desk('/dev/news', form(fields, makePng(1600, 900)));
      expect(published.status, await published.clone().text()).toBe(200);
      expect(await published.text()).toContain('Saved “Maria wins on slots”');
      const card = (await index()).find((a) => a.id === 'desk-story');
      expect(card).toMatchObject({
        category: 'winner-story',
        label: 'slots',
        title: { en: 'Maria wins on slots', cn: '玛丽亚老虎机获胜' },
      });
      expect(card!.image).toMatchObject({ width: 750, height: 422, alt: { en: 'Maria holding her phone', cn: '玛丽亚拿着手机' } });
      const full = (await (await fetch(`${server.url}${newsArticleUrl('desk-story')}`)).json()) as NewsArticle;
      expect(full.body).toEqual({ en: ['First paragraph.', 'Second paragraph.'], cn: ['第一段。', '第二段。'] });
      // The picture is kept in the data folder and served by its name, for a year.
      const picture = await fetch(`${server.url}${newsImageUrl(card!.image!.file)}`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([750, 422]);
      // In the file the operator may also edit by hand.
      expect(JSON.parse(readFileSync(file(), 'utf8')).articles.some((a: NewsArticle) => a.id === 'desk-story')).toBe(true);

      // An edit keeps the picture and changes the text.
      const edited = await desk('/dev/news', form({ ...fields, titleEn: 'Maria wins big on slots', imageAltEn: '', imageAltCn: '' }));
      expect(edited.status).toBe(200);
      const after = (await index()).find((a) => a.id === 'desk-story');
      expect(after?.title.en).toBe('Maria wins big on slots');
      expect(after?.image?.file).toBe(card!.image!.file);
      expect(await (await fetch(`${server.url}/dev/news?edit=desk-story`)).text()).toContain('Maria wins big on slots');

      const withdrawn = await desk('/dev/news/withdraw', new URLSearchParams({ id: 'desk-story' }));
      expect(withdrawn.status).toBe(200);
      expect((await index()).some((a) => a.id === 'desk-story')).toBe(false);
      expect((await fetch(`${server.url}${newsArticleUrl('desk-story')}`)).status).toBe(404);
    });

    it('refuses a file that is not a picture, an article the file would not accept, and a post from another site', async () => {
      const before = await index();
      const notPicture = await desk('/dev/news', form({ ...fields, id: 'fake-picture' }, Buffer.from('<svg onload="alert(1)"></svg>')));
      expect(notPicture.status).toBe(400);
      expect(await notPicture.text()).toContain('not a JPEG, PNG or WebP');
      const noTitle = await desk('/dev/news', form({ ...fields, id: 'no-title', titleCn: '' }));
      expect(noTitle.status).toBe(400);
      expect(await noTitle.text()).toContain('Not saved: title.cn');
      const badId = await desk('/dev/news', form({ ...fields, id: 'Bad Id' }));
      expect(badId.status).toBe(400);
      const foreign = await fetch(`${server.url}/dev/news`, {
        method: 'POST',
        body: form({ ...fields, id: 'from-elsewhere' }),
        headers: { Origin: 'https://evil.example' },
      });
      expect(foreign.status).toBe(403);
      expect(await index()).toEqual(before);
      expect((await fetch(`${server.url}/static/news/images/../news.json`)).status).toBe(404);
      expect((await fetch(`${server.url}/static/news/images/${'0'.repeat(32)}.jpg`)).status).toBe(404);
    });
  });
});
