import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What the operator's development pages share: one stylesheet file (the strict CSP allows no inline
 * style or script), escaping, plain form posts read as URL-encoded text, and a refusal of posts from
 * another site (a page elsewhere cannot make the browser approve a deposit here).
 */

export const DEV_CSS_PATH = '/dev/pages.css';

const DEV_CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:16px;background:#0a0f1e;color:#eef2ff}
h1{font-size:20px}h2{font-size:17px;margin-top:24px}a{color:#8fb4ff}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{border-bottom:1px solid #2a3557;padding:6px 8px;text-align:left;vertical-align:top}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:end;margin:8px 0}label{display:flex;flex-direction:column;font-size:13px;color:#9ba7c7}
input,select,textarea,button{font:inherit;padding:6px 8px;border-radius:8px;border:1px solid #2a3557;background:#131a2e;color:#eef2ff}
button{background:#2952cc;border:0;cursor:pointer}button.reject{background:#a02c3c}.note{color:#9ba7c7}
.card{background:#131a2e;border:1px solid #2a3557;border-radius:12px;padding:12px 16px;margin-bottom:12px}
.receipt{max-width:320px;max-height:420px;border-radius:8px;display:block;margin:8px 0}.codes{font:16px/1.8 ui-monospace,monospace}
.ok{color:#7ee2a8}.bad{color:#ff8a9a}`;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function pesos(centavos: number): string {
  const sign = centavos < 0 ? '−' : '';
  const value = Math.abs(centavos);
  return `${sign}₱${Math.floor(value / 100).toLocaleString('en-PH')}.${String(value % 100).padStart(2, '0')}`;
}

export function devPage(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(
    title,
  )} · Panalo development</title><link rel="stylesheet" href="${DEV_CSS_PATH}"></head><body><h1>${escapeHtml(title)}</h1>${content}</body></html>`;
}

export function sendPage(reply: FastifyReply, html: string, status = 200) {
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** A form field of a URL-encoded post, trimmed ('' when absent). */
export function formFields(request: FastifyRequest): URLSearchParams {
  return new URLSearchParams(typeof request.body === 'string' ? request.body : '');
}

/** True when the browser says the post came from another site (Sec-Fetch-Site or Origin). */
export function crossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

/** The stylesheet and the URL-encoded parser, once per server (several dev pages use them). */
export function devPageBasics(app: FastifyInstance): void {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65_536 }, (_request, body, done) =>
      done(null, body),
    );
  }
  if (!app.hasRoute({ method: 'GET', url: DEV_CSS_PATH })) {
    app.get(DEV_CSS_PATH, async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(DEV_CSS),
    );
  }
}
