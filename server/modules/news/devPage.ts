import type { FastifyInstance, FastifyReply } from 'fastify';
import { NEWS_CATEGORIES, NEWS_ID, type NewsArticle, type NewsCategory, newsImageUrl } from '../../../src/contract/news';
import { ImageTooLarge, ImagesBusy, NotAnImage } from '../../lib/images';
import { crossSite, devPage, devPageBasics, escapeHtml, formFields, sendPage } from '../dev';
import { NewsEditRefused, type NewsService } from './service';

/**
 * /dev/news (development and test only, never with NODE_ENV=production): the operator's news desk.
 * Lists every article (scheduled ones too), publishes a new one or edits one (its text in en and cn, its
 * category and label, when it goes out, its picture), and withdraws one. What it saves is the same
 * <dataDir>/news.json the operator may edit by hand, validated the same way, so readers see the change on
 * their next request without a deploy. A picture is checked by its bytes and made at most 750 px.
 * Plain forms, no script (the strict CSP); posts from another site are refused.
 */

const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

const paragraphsOf = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);

const field = (name: string, label: string, value: string, extra = '') =>
  `<label>${escapeHtml(label)}<input name="${name}" value="${escapeHtml(value)}"${extra}></label>`;

const area = (name: string, label: string, value: string) =>
  `<label class="wide">${escapeHtml(label)}<textarea name="${name}" rows="6" cols="40">${escapeHtml(value)}</textarea></label>`;

function editor(article: NewsArticle | undefined, now: number): string {
  const a = article;
  const categories = NEWS_CATEGORIES.map(
    (c) => `<option value="${c}"${a?.category === c ? ' selected' : ''}>${escapeHtml(c)}</option>`,
  ).join('');
  const picture = a?.image
    ? `<p><img class="receipt" src="${escapeHtml(newsImageUrl(a.image.file))}" alt="${escapeHtml(a.image.alt.en)}" width="${a.image.width}" height="${a.image.height}"></p>
<label><span><input type="checkbox" name="removeImage" value="1"> Remove the picture</span></label>`
    : '';
  return `<form class="card" method="post" action="/dev/news" enctype="multipart/form-data" data-testid="news-editor">
<h2>${a ? `Edit “${escapeHtml(a.title.en)}”` : 'Publish an article'}</h2>
${a ? `<input type="hidden" name="id" value="${escapeHtml(a.id)}"><p class="note">id <code>${escapeHtml(a.id)}</code></p>` : field('id', 'Id (a-z, 0-9, -)', '', ' required pattern="[a-z0-9][a-z0-9\\-]{0,63}"')}
<label>Category<select name="category">${categories}</select></label>
${field('label', 'Label (optional)', a?.label ?? '')}
${field('publishedAt', 'Published at (ISO time; later = scheduled)', a?.publishedAt ?? new Date(now).toISOString(), ' required')}
${field('titleEn', 'Title (en)', a?.title.en ?? '', ' required')}
${field('titleCn', 'Title (cn)', a?.title.cn ?? '', ' required')}
${field('summaryEn', 'Summary (en)', a?.summary.en ?? '', ' required')}
${field('summaryCn', 'Summary (cn)', a?.summary.cn ?? '', ' required')}
${area('bodyEn', 'Body (en): paragraphs separated by an empty line', a?.body.en.join('\n\n') ?? '')}
${area('bodyCn', 'Body (cn): paragraphs separated by an empty line', a?.body.cn.join('\n\n') ?? '')}
${picture}
<label>Picture (JPEG, PNG or WebP)<input type="file" name="image" accept="image/jpeg,image/png,image/webp"></label>
${field('imageAltEn', 'Picture description (en)', a?.image?.alt.en ?? '')}
${field('imageAltCn', 'Picture description (cn)', a?.image?.alt.cn ?? '')}
<button type="submit">${a ? 'Save changes' : 'Publish'}</button></form>`;
}

function list(articles: NewsArticle[], now: number): string {
  if (articles.length === 0) return '<p class="note">No articles.</p>';
  const rows = articles
    .map((a) => {
      const live = Date.parse(a.publishedAt) <= now;
      return `<tr data-testid="news-row" data-id="${escapeHtml(a.id)}"><td><a href="/detailsPage?id=${encodeURIComponent(a.id)}">${escapeHtml(a.title.en)}</a><br><span class="note">${escapeHtml(a.title.cn)}</span></td>
<td>${escapeHtml(a.category)}${a.label ? ` · ${escapeHtml(a.label)}` : ''}</td><td class="${live ? 'ok' : 'note'}">${live ? 'published' : 'scheduled'}<br><span class="note">${escapeHtml(a.publishedAt)}</span></td>
<td>${a.image ? 'picture' : ''}</td>
<td><a href="/dev/news?edit=${encodeURIComponent(a.id)}">Edit</a>
<form method="post" action="/dev/news/withdraw"><input type="hidden" name="id" value="${escapeHtml(a.id)}"><button class="reject">Withdraw</button></form></td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th>Title</th><th>Category</th><th>State</th><th></th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** What a form's text fields and picture make of an article (the service validates the whole). */
function articleFrom(form: FormData, existing: NewsArticle | undefined): NewsArticle {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const label = text('label');
  const article: NewsArticle = {
    id: existing?.id ?? text('id'),
    category: text('category') as NewsCategory,
    publishedAt: text('publishedAt'),
    title: { en: text('titleEn'), cn: text('titleCn') },
    summary: { en: text('summaryEn'), cn: text('summaryCn') },
    body: { en: paragraphsOf(text('bodyEn')), cn: paragraphsOf(text('bodyCn')) },
  };
  if (label) article.label = label;
  if (existing?.image && text('removeImage') !== '1') {
    article.image = {
      ...existing.image,
      alt: { en: text('imageAltEn') || existing.image.alt.en, cn: text('imageAltCn') || existing.image.alt.cn },
    };
  }
  return article;
}

export async function newsDevPage(app: FastifyInstance, options: { service: NewsService; clock: () => number }) {
  const { service, clock } = options;
  devPageBasics(app);
  // The editor's form carries a picture: multipart, read whole (within the limit) and parsed by the platform's FormData.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  const render = (notice: string, editing?: NewsArticle) =>
    devPage(
      'News',
      `<p class="note">The articles of <code>news.json</code> in the data folder; readers see a change on their next request. <a href="/news">Open the news</a> · <a href="/dev/news">New article</a></p>
${notice}${editor(editing, clock())}<h2>Articles</h2>${list(service.everything(), clock())}`,
    );

  const refuse = (reply: FastifyReply, message: string, editing?: NewsArticle, status = 400) =>
    sendPage(reply, render(`<p class="bad" role="alert">${escapeHtml(message)}</p>`, editing), status);

  app.get<{ Querystring: { edit?: string } }>('/dev/news', async (request, reply) => {
    const id = request.query.edit;
    const editing = id ? service.everything().find((a) => a.id === id) : undefined;
    if (id && !editing) return refuse(reply, `No article ${id}.`, undefined, 404);
    return sendPage(reply, render('', editing));
  });

  app.post('/dev/news', async (request, reply) => {
    if (crossSite(request)) return refuse(reply, 'Refused: the form was sent from another site.', undefined, 403);
    const contentType = request.headers['content-type'] ?? '';
    if (!contentType.startsWith('multipart/form-data') || !Buffer.isBuffer(request.body)) {
      return refuse(reply, 'The form must be sent as multipart/form-data.');
    }
    const form = await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(request.body),
    }).formData();
    const id = form.get('id');
    const existing = typeof id === 'string' ? service.everything().find((a) => a.id === id.trim()) : undefined;
    const article = articleFrom(form, existing);
    if (!NEWS_ID.test(article.id)) return refuse(reply, 'The id is letters a-z, digits and dashes (at most 64).', existing);
    const upload = form.get('image');
    if (upload instanceof Blob && upload.size > 0) {
      try {
        const kept = await service.keepImage(Buffer.from(await upload.arrayBuffer()));
        const altEn = article.image?.alt.en ?? (typeof form.get('imageAltEn') === 'string' ? String(form.get('imageAltEn')).trim() : '');
        const altCn = article.image?.alt.cn ?? (typeof form.get('imageAltCn') === 'string' ? String(form.get('imageAltCn')).trim() : '');
        article.image = { ...kept, alt: { en: altEn || article.title.en, cn: altCn || article.title.cn } };
      } catch (error) {
        if (error instanceof NotAnImage) return refuse(reply, 'The picture is not a JPEG, PNG or WebP image.', existing);
        if (error instanceof ImageTooLarge) return refuse(reply, 'The picture is too large.', existing);
        if (error instanceof ImagesBusy) return refuse(reply, 'Pictures are busy; please try again.', existing, 503);
        throw error;
      }
    }
    try {
      service.put(article);
    } catch (error) {
      if (error instanceof NewsEditRefused) return refuse(reply, `Not saved: ${error.message}`, existing);
      throw error;
    }
    const saved = service.everything().find((a) => a.id === article.id);
    return sendPage(reply, render(`<p class="ok" role="status">Saved “${escapeHtml(article.title.en)}”.</p>`, saved));
  });

  app.post('/dev/news/withdraw', async (request, reply) => {
    if (crossSite(request)) return refuse(reply, 'Refused: the form was sent from another site.', undefined, 403);
    const id = formFields(request).get('id')?.trim() ?? '';
    if (!service.withdraw(id)) return refuse(reply, `No article ${id}.`, undefined, 404);
    return sendPage(reply, render(`<p class="ok" role="status">Withdrew ${escapeHtml(id)}.</p>`));
  });
}
