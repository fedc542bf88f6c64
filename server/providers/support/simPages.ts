import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { crossSite } from '../../modules/dev';
import { SOURCE_ATTRIBUTE } from './chatwoot';
import { DeskRefusal, type DeskSimulator } from './simulator';

/**
 * The help desk's agent console, /sim/support (development and tests only): the queue, a conversation
 * with the player's context as the desk has it (masked by our side before it left), Take, a reply box,
 * Close. Plain HTML forms that POST; a small script (a file, so it passes the app's CSP) tells the desk
 * the agent is typing and keeps the open conversation current without a reload.
 */

const CSS_PATH = '/sim/support.css';
const SCRIPT_PATH = '/sim/support/console.js';
const DEFAULT_AGENT = 'Ana (Support)';

const CSS = `body{margin:0;font:15px/1.45 system-ui,sans-serif;background:#eef2f7;color:#1b2430}
main{max-width:900px;margin:0 auto;padding:20px 14px;display:flex;flex-direction:column;gap:14px}
h1{margin:0;font-size:22px}h2{margin:0;font-size:18px}a{color:#0b57d0}
.card{background:#fff;border-radius:10px;padding:14px;display:flex;flex-direction:column;gap:10px}
table{border-collapse:collapse;background:#fff;border-radius:10px;width:100%}td,th{padding:8px 10px;border-bottom:1px solid #e3e8ef;text-align:left;font-size:14px}
dl{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:0}dt{color:#5b6675}dd{margin:0}
.messages{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.messages li{max-width:80%;padding:8px 12px;border-radius:12px;background:#f1f4f8}.messages li.outgoing{align-self:flex-end;background:#d8e8ff}
.messages img{max-width:240px;max-height:240px;border-radius:8px;display:block}.meta{font-size:12px;color:#5b6675}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:center}textarea{flex:1 1 100%;min-height:70px}
input,textarea,button{font:inherit;padding:8px;border-radius:8px;border:1px solid #c5cdd8}button{cursor:pointer;background:#fff}
.primary{background:#0b57d0;color:#fff;border:0}.danger{background:#b3261e;color:#fff;border:0}.status{font-weight:600}`;

/**
 * The console's script: while the agent types, the desk hears "typing" (at most every 2 s, and "stopped"
 * 3 s after the last key); every 1.5 s the conversation's messages, the player's typing and the status
 * are read again and replaced in place.
 */
const SCRIPT = `(() => {
  const root = document.querySelector('[data-conversation]');
  if (!root) return;
  const id = root.getAttribute('data-conversation');
  const agent = root.getAttribute('data-agent');
  const box = document.querySelector('textarea[name=content]');
  let sentAt = 0; let stopTimer = 0;
  const typing = (on) => fetch('/sim/support/conversations/' + id + '/typing', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ agent, typing: on }) });
  box && box.addEventListener('input', () => {
    const now = Date.now();
    if (now - sentAt > 2000) { sentAt = now; typing(true); }
    clearTimeout(stopTimer);
    stopTimer = setTimeout(() => { sentAt = 0; typing(false); }, 3000);
  });
  const refresh = async () => {
    try {
      const live = await (await fetch('/sim/support/conversations/' + id + '/live')).json();
      const list = document.getElementById('messages');
      if (list && list.getAttribute('data-count') !== String(live.count)) { list.outerHTML = live.messages; }
      document.getElementById('contact-typing').hidden = !live.contactTyping;
      document.getElementById('status').textContent = live.status;
      document.getElementById('seen').textContent = live.seen;
    } catch {}
  };
  setInterval(refresh, 1500);
})();`;

const escape = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(reply: FastifyReply, title: string, content: string, script = false) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} · Help desk</title><link rel="stylesheet" href="${CSS_PATH}">${script ? `<script src="${SCRIPT_PATH}" defer></script>` : ''}</head>
<body><main>${content}</main></body></html>`;
  return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

const STATUS: Record<string, string> = { open: 'Open', pending: 'Pending', resolved: 'Resolved' };

function contextList(attributes: Record<string, string>): string {
  const rows = Object.entries(attributes).filter(([key]) => key !== SOURCE_ATTRIBUTE);
  if (rows.length === 0) return '<p>No context.</p>';
  return `<dl>${rows.map(([key, value]) => `<dt>${escape(key)}</dt><dd>${escape(value)}</dd>`).join('')}</dl>`;
}

/** A form's fields (URL-encoded). */
function fields(request: FastifyRequest): Record<string, string> {
  const body = typeof request.body === 'string' ? request.body : '';
  return Object.fromEntries(new URLSearchParams(body));
}

export async function simPages(app: FastifyInstance, options: { simulator: DeskSimulator }) {
  const { simulator } = options;
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) =>
      done(null, body),
    );
  }
  app.get(CSS_PATH, async (_request, reply) => reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(CSS));
  app.get(SCRIPT_PATH, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(SCRIPT),
  );

  app.get('/sim/support', async (_request, reply) => {
    const queue = await simulator.queue();
    const rows = queue
      .map(
        (entry) => `<tr data-testid="desk-conversation"><td><a href="/sim/support/conversations/${entry.id}">#${entry.id}</a></td>
<td>${escape(entry.contact['name'])}</td><td>${escape(entry.attributes['topic'] ?? '')}</td><td>${escape(entry.lastMessage.slice(0, 80))}</td>
<td>${entry.waiting ? `<strong>${entry.waiting} new</strong>` : ''}</td><td>${escape(STATUS[entry.status] ?? entry.status)}${entry.assignee ? ` · ${escape(entry.assignee)}` : ' · unassigned'}</td></tr>`,
      )
      .join('');
    return page(
      reply,
      'Queue',
      `<h1>Help desk · queue</h1><p>The support desk simulator (development and tests only). A real Chatwoot-style desk takes its place with SUPPORT_DESK_* settings.</p>
<table><thead><tr><th>#</th><th>Contact</th><th>Topic</th><th>Last message</th><th></th><th>Status</th></tr></thead><tbody>${rows || '<tr><td colspan="6">No conversations yet.</td></tr>'}</tbody></table>`,
    );
  });

  const messagesHtml = async (id: number) => {
    const messages = await simulator.messages(id);
    const items = messages
      .map(
        (m) =>
          `<li class="${m.messageType}" data-testid="desk-message" data-type="${m.messageType}">${m.content ? `<div>${escape(m.content)}</div>` : ''}${
            m.attachment ? `<img src="/sim/support/attachments/${m.id}" alt="Picture from the player">` : ''
          }<div class="meta">${escape(m.senderName ?? '')} · ${m.createdAt.toISOString().slice(11, 19)}</div></li>`,
      )
      .join('');
    return { html: `<ol id="messages" class="messages" data-count="${messages.length}">${items}</ol>`, count: messages.length };
  };
  const seenText = (at: Date | null) => (at ? `Player has read up to ${at.toISOString().slice(11, 19)}` : 'Not read by the player yet');

  app.get<{ Params: { id: string } }>('/sim/support/conversations/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const agent = DEFAULT_AGENT;
    let conversation;
    try {
      await simulator.view(id);
      conversation = await simulator.conversation(id);
    } catch (error) {
      if (error instanceof DeskRefusal) return reply.status(404).type('text/plain; charset=utf-8').send('No such conversation');
      throw error;
    }
    const { html } = await messagesHtml(id);
    const typing = conversation.contactTypingUntil !== null && conversation.contactTypingUntil.getTime() > Date.now();
    const resolved = conversation.status === 'resolved';
    return page(
      reply,
      `Conversation #${id}`,
      `<p><a href="/sim/support">← Queue</a></p>
<section class="card" data-conversation="${id}" data-agent="${escape(agent)}"><h1>Conversation #${id}</h1>
<p>Status: <span id="status" class="status">${escape(STATUS[conversation.status] ?? conversation.status)}</span>${conversation.assignee ? ` · ${escape(conversation.assignee)}` : ' · unassigned'}</p>
<h2>Player</h2>${contextList(conversation.contact)}<h2>Context</h2>${contextList(conversation.customAttributes)}</section>
<section class="card"><h2>Messages</h2>${html}<p id="contact-typing" class="meta" ${typing ? '' : 'hidden'}>The player is typing…</p><p id="seen" class="meta">${seenText(conversation.contactLastSeenAt)}</p>
${resolved ? '<p>This conversation is resolved. A new message from the player opens it again.</p>' : ''}
<form method="post" action="/sim/support/conversations/${id}/reply"><input type="hidden" name="agent" value="${escape(agent)}">
<label for="reply">Reply</label><textarea id="reply" name="content" required></textarea><button class="primary" type="submit">Send reply</button></form>
<form method="post" action="/sim/support/conversations/${id}/assign"><input type="hidden" name="agent" value="${escape(agent)}"><button type="submit">Take conversation</button></form>
<form method="post" action="/sim/support/conversations/${id}/resolve"><button class="danger" type="submit">Close conversation</button></form></section>`,
      true,
    );
  });

  app.get<{ Params: { id: string } }>('/sim/support/conversations/:id/live', async (request, reply) => {
    const id = Number(request.params.id);
    try {
      await simulator.view(id);
      const conversation = await simulator.conversation(id);
      const { html, count } = await messagesHtml(id);
      return reply.header('Cache-Control', 'no-store').send({
        messages: html,
        count,
        status: STATUS[conversation.status] ?? conversation.status,
        contactTyping: conversation.contactTypingUntil !== null && conversation.contactTypingUntil.getTime() > Date.now(),
        seen: seenText(conversation.contactLastSeenAt),
      });
    } catch (error) {
      if (error instanceof DeskRefusal) return reply.status(404).send({ error: 'No such conversation' });
      throw error;
    }
  });

  const action = (path: string, work: (id: number, form: Record<string, string>) => Promise<void>) =>
    app.post<{ Params: { id: string } }>(`/sim/support/conversations/:id/${path}`, async (request, reply) => {
      // A form posted from another site must not act as the agent.
      if (crossSite(request)) return reply.status(403).type('text/plain; charset=utf-8').send('Forbidden');
      const id = Number(request.params.id);
      const form = typeof request.body === 'string' ? fields(request) : ((request.body ?? {}) as Record<string, string>);
      try {
        await work(id, form);
      } catch (error) {
        if (error instanceof DeskRefusal) return reply.status(error.status).type('text/plain; charset=utf-8').send(error.message);
        throw error;
      }
      if (path === 'typing') return reply.status(204).send();
      return reply.redirect(`/sim/support/conversations/${id}`, 303);
    });
  const agentOf = (form: Record<string, string>) => (form['agent'] || DEFAULT_AGENT).slice(0, 60);
  action('assign', (id, form) => simulator.assign(id, agentOf(form)));
  action('reply', (id, form) => simulator.reply(id, agentOf(form), form['content'] ?? ''));
  action('resolve', (id) => simulator.resolve(id));
  action('typing', (id, form) => simulator.agentTyping(id, agentOf(form), String(form['typing']) === 'true'));

  app.get<{ Params: { id: string } }>('/sim/support/attachments/:id', async (request, reply) => {
    const file = await simulator.attachment(Number(request.params.id));
    if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.header('Cache-Control', 'private, no-store').type(file.type).send(file.data);
  });
}
