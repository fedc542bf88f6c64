import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db';
import { outbox } from '../../db/schema';

const OUTBOX_CSS =
  'body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:16px;background:#0a0f1e;color:#eef2ff}h1{font-size:20px}ul{list-style:none;padding:0}li{background:#131a2e;border:1px solid #2a3557;border-radius:12px;padding:12px 16px;margin-bottom:12px}.meta{color:#9ba7c7;font-size:13px;margin:0 0 4px}.body{margin:0;white-space:pre-wrap}';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * /dev/outbox: what the SMS and mail providers would have sent, newest first, so a developer (or a
 * browser test) can read a verification code. Registered only outside production mode.
 */
export async function devOutbox(app: FastifyInstance, options: { db: Database }) {
  // A stylesheet of its own, not an inline <style>: the page's Content-Security-Policy allows no inline style.
  app.get('/dev/outbox.css', async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(OUTBOX_CSS),
  );
  app.get('/dev/outbox', async (_request, reply) => {
    const rows = await options.db.select().from(outbox).orderBy(desc(outbox.id)).limit(50);
    const items = rows
      .map(
        (row) =>
          `<li data-channel="${escape(row.channel)}" data-recipient="${escape(row.recipient)}"><p class="meta">${escape(row.channel.toUpperCase())} to ${escape(
            row.recipient,
          )} · ${escape(row.createdAt.toISOString())}</p><p class="body">${escape(row.body)}</p></li>`,
      )
      .join('');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Development outbox · Panalo</title><link rel="stylesheet" href="/dev/outbox.css"></head><body><h1>Development outbox</h1><p>Messages the SMS and mail providers would have sent (newest first). This page does not exist in production.</p><ul>${
      items || '<li>No messages yet.</li>'
    }</ul></body></html>`;
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
}
