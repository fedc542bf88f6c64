import type { FastifyInstance, FastifyReply } from 'fastify';
import { KycRejectReason, KycRejectType } from '../../../src/contract/kyc';
import { documentOfCode, VENDOR_DOCUMENTS } from './documents';
import { MAGIC_SUFFIXES } from './rules';
import { imageType, type KycVendorSimulator, type ReviewDecision, type SimTransaction, SimulatorRefusal } from './simulator';
import { REVIEW_REASONS } from './wire';

/**
 * The vendor's review back office, /sim/kyc (development and tests only): the queue of pending
 * transactions with the vendor's copies of the photos (shown only here), Approve, Reject with a §8 reason
 * as RETRY or FINAL, Re-check an approved one (RED later), the default outcome and the outage switch.
 * Plain HTML forms that POST, no script, the CSS as a file: it passes the app's CSP. POST /sim/kyc/review
 * is its JSON twin for tests.
 */

const CSS_PATH = '/sim/kyc.css';
const CSS = `body{margin:0;font:15px/1.45 system-ui,sans-serif;background:#eef2f7;color:#1b2430}
main{max-width:960px;margin:0 auto;padding:24px 16px;display:flex;flex-direction:column;gap:14px}
h1{margin:0;font-size:22px}h2{margin:8px 0 0;font-size:18px}.note{background:#fff;border-radius:10px;padding:12px}
.card{background:#fff;border-radius:10px;padding:14px;display:flex;flex-direction:column;gap:10px}
.photos{display:flex;gap:10px;flex-wrap:wrap}.photos img{max-width:300px;max-height:220px;border-radius:8px;border:1px solid #c5cdd8}
dl{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:0}dt{color:#5b6675}dd{margin:0}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:center}input,select,textarea,button{font:inherit;padding:8px;border-radius:8px;border:1px solid #c5cdd8}
button{cursor:pointer;background:#fff}.approve{background:#0a7d3b;color:#fff;border:0}.reject{background:#b3261e;color:#fff;border:0}
table{border-collapse:collapse;background:#fff;border-radius:10px}td,th{padding:6px 10px;border-bottom:1px solid #e3e8ef;text-align:left;font-size:13px}`;

const escape = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const REASONS = new Set<string>(Object.values(KycRejectReason));

function page(reply: FastifyReply, title: string, content: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} · Panalo</title><link rel="stylesheet" href="${CSS_PATH}"></head><body><main>${content}</main></body></html>`;
  return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

function details(row: SimTransaction): string {
  const ocr = (row.ocr ?? {}) as Record<string, string>;
  const confirmed = (row.confirmed ?? {}) as Record<string, unknown>;
  const document = documentOfCode(row.docCode);
  return `<dl><dt>Transaction</dt><dd>${escape(row.transactionId)}</dd><dt>Merchant's bizId</dt><dd>${escape(row.bizId)}</dd>
<dt>Document</dt><dd>${escape(document?.label)} (${escape(row.docCode)})</dd>
<dt>Read</dt><dd>${escape([ocr['firstName'], ocr['middleName'], ocr['lastName']].filter(Boolean).join(' '))}, born ${escape(ocr['birthday'])}, ID ${escape(ocr['idNo'])}</dd>
<dt>Confirmed ID number</dt><dd>${escape(confirmed['idNo'])}</dd><dt>Face score</dt><dd>${escape(row.faceScore)}</dd></dl>`;
}

function photos(row: SimTransaction): string {
  const id = encodeURIComponent(row.transactionId);
  return `<div class="photos">${row.docImage ? `<img src="/sim/kyc/images/${id}/document" alt="ID document">` : ''}${
    row.faceImage ? `<img src="/sim/kyc/images/${id}/face" alt="Face">` : ''
  }</div>`;
}

function rejectForm(row: SimTransaction, label: string): string {
  const options = REVIEW_REASONS.map(({ reason, text }) => `<option value="${reason}">${escape(text)}</option>`).join('');
  return `<form method="post" action="/sim/kyc/transactions/${encodeURIComponent(row.transactionId)}/reject">
<select name="reason" aria-label="Reason">${options}</select>
<select name="rejectType" aria-label="Retry or final"><option value="RETRY">RETRY (may resubmit)</option><option value="FINAL">FINAL</option></select>
<input name="clientComment" maxlength="300" placeholder="Comment for the player" aria-label="Comment for the player">
<input name="moderationComment" maxlength="300" placeholder="Comment for staff only" aria-label="Comment for staff only">
<button type="submit" class="reject">${escape(label)}</button></form>`;
}

/** A form's or a JSON body's fields as strings. */
function fields(body: unknown): Map<string, string> {
  if (typeof body === 'string') return new Map(new URLSearchParams(body));
  if (body && typeof body === 'object')
    return new Map(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
  return new Map();
}

/** A reviewer's decision from a form or JSON; a string when it is not one. */
function decisionOf(body: unknown): ReviewDecision | string {
  const source = (body && typeof body === 'object' ? body : Object.fromEntries(fields(body))) as Record<string, unknown>;
  const answer = source['answer'];
  if (answer !== 'GREEN' && answer !== 'RED') return 'answer must be GREEN or RED';
  const rejectType = source['rejectType'] ?? 'RETRY';
  if (answer === 'RED' && !KycRejectType.includes(rejectType as KycRejectType)) return 'rejectType must be RETRY or FINAL';
  const rawLabels = source['labels'] ?? (source['reason'] ? [source['reason']] : []);
  const labels = Array.isArray(rawLabels) ? rawLabels : [rawLabels];
  if (!labels.every((label) => typeof label === 'string' && REASONS.has(label))) return `labels must be among ${[...REASONS].join(', ')}`;
  const comment = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 300) : '');
  return {
    answer,
    ...(answer === 'RED' ? { rejectType: rejectType as KycRejectType, labels: labels as KycRejectReason[] } : {}),
    clientComment: comment(source['clientComment']),
    moderationComment: comment(source['moderationComment']),
  };
}

export async function simPages(app: FastifyInstance, options: { simulator: KycVendorSimulator; clock: () => number }) {
  const { simulator, clock } = options;
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8_192 }, (_request, body, done) =>
      done(null, body),
    );
  }

  app.get(CSS_PATH, async (_request, reply) => reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(CSS));

  app.get('/sim/kyc', async (_request, reply) => {
    const [queue, approved, deliveries, outcome, down] = await Promise.all([
      simulator.queue(),
      simulator.approved(),
      simulator.deliveries(),
      simulator.defaultOutcome(),
      simulator.isDown(),
    ]);
    const pending = queue.length
      ? queue
          .map(
            (row) => `<section class="card" data-transaction="${escape(row.transactionId)}">${details(row)}${photos(row)}
<form method="post" action="/sim/kyc/transactions/${encodeURIComponent(row.transactionId)}/approve"><button type="submit" class="approve">Approve (GREEN)</button></form>
${rejectForm(row, 'Reject (RED)')}</section>`,
          )
          .join('')
      : '<p class="note">Nothing waits for review.</p>';
    const recheck = approved.length
      ? approved
          .map(
            (row) =>
              `<section class="card" data-transaction="${escape(row.transactionId)}">${details(row)}${rejectForm(row, 'Re-check: reject (RED)')}</section>`,
          )
          .join('')
      : '<p class="note">No approved transaction yet.</p>';
    const sent = deliveries
      .map(
        (d) =>
          `<tr><td>${escape(d.id)}</td><td>${escape(d.transactionId)}</td><td>${escape(d.state)}</td><td>${d.attempts}</td><td>${escape(d.lastAnswer)}</td></tr>`,
      )
      .join('');
    const magic = Object.entries(MAGIC_SUFFIXES)
      .map(([suffix, text]) => `<li>ID number ending in <strong>${suffix}</strong>: ${escape(text)}</li>`)
      .join('');
    const codes = VENDOR_DOCUMENTS.map((doc) => `<li>${escape(doc.label)}: ${doc.code}, ${escape(doc.idFormat)}</li>`).join('');
    return page(
      reply,
      'eKYC vendor simulator',
      `<h1>eKYC vendor simulator (ZOLOZ Real ID · Sumsub-style review)</h1>
<p class="note">Development only: this page and the photos on it do not exist in production.</p>
<h2>Switches</h2>
<form method="post" action="/sim/kyc/settings"><span>Default outcome (ID numbers without a magic ending): <strong>${outcome === 'pass' ? 'pass at once' : 'review queue'}</strong></span>
<button type="submit" name="defaultOutcome" value="${outcome === 'pass' ? 'review' : 'pass'}">${outcome === 'pass' ? 'Send to the review queue' : 'Pass at once'}</button></form>
<form method="post" action="/sim/kyc/settings"><span>The vendor is <strong>${down ? 'DOWN (VENDOR_DOWN)' : 'up'}</strong></span>
<button type="submit" name="vendorDown" value="${down ? 'false' : 'true'}">${down ? 'Bring it back' : 'Take it down'}</button></form>
<h2>Review queue (${queue.length})</h2>${pending}
<h2>Approved: re-check</h2>${recheck}
<h2>Review webhooks</h2><form method="post" action="/sim/kyc/deliver"><button type="submit">Deliver due webhooks now</button></form>
<table><thead><tr><th>Copy</th><th>Transaction</th><th>State</th><th>Attempts</th><th>Last answer</th></tr></thead><tbody>${sent}</tbody></table>
<h2>How the simulator decides</h2><ul><li>OCR: a Filipino name, a birthday 21+ years back and an ID number in the document's format, all from the document photo's SHA-256 (the same photo reads the same).</li>
<li>Face score: 80–99 from the face photo's SHA-256 (passes at 80).</li>${magic}
<li>Any other ID number: the default outcome above. A transaction not submitted within 30 minutes expires.</li>
<li>Each review decision is a webhook to /webhooks/kyc (X-Payload-Digest), sent twice and retried after 5 min, 1 h, 5 h and 18 h until answered 2xx.</li></ul>
<h2>Document codes</h2><ul>${codes}</ul>`,
    );
  });

  app.get<{ Params: { id: string; kind: string } }>('/sim/kyc/images/:id/:kind', async (request, reply) => {
    const { id, kind } = request.params;
    const image = kind === 'document' || kind === 'face' ? await simulator.image(id, kind) : undefined;
    if (!image) return reply.status(404).type('text/plain').send('No such image.');
    return reply
      .header('Cache-Control', 'no-store')
      .type(imageType(image) ?? 'application/octet-stream')
      .send(image);
  });

  app.get<{ Params: { id: string } }>('/sim/kyc/transactions/:id', async (request, reply) => {
    const row = await simulator.find(request.params.id);
    if (!row) return reply.status(404).send({ message: 'No such transaction.' });
    const { docImage: _doc, faceImage: _face, ...rest } = row;
    return reply.header('Cache-Control', 'no-store').send(rest);
  });

  async function review(id: string, decision: ReviewDecision | string) {
    if (typeof decision === 'string') return { status: 400, message: decision };
    try {
      return { status: 200, event: await simulator.review(id, decision, clock()) };
    } catch (error) {
      if (!(error instanceof SimulatorRefusal)) throw error;
      return { status: error.code === 'TRANSACTION_NOT_FOUND' ? 404 : 409, message: error.message };
    }
  }

  app.post<{ Params: { id: string; action: string } }>('/sim/kyc/transactions/:id/:action', async (request, reply) => {
    const form = Object.fromEntries(fields(request.body));
    const action = request.params.action;
    if (action !== 'approve' && action !== 'reject') return reply.status(404).type('text/plain').send('No such action.');
    const decision = decisionOf(action === 'approve' ? { answer: 'GREEN' } : { ...form, answer: 'RED' });
    const done = await review(request.params.id, decision);
    if (done.status !== 200) return reply.status(done.status).type('text/plain').send(done.message);
    return reply.redirect('/sim/kyc', 303);
  });

  /** The JSON twin: {transactionId, answer GREEN|RED, rejectType, labels, clientComment, moderationComment}. */
  app.post('/sim/kyc/review', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const done = await review(String(body['transactionId'] ?? ''), decisionOf(body));
    return reply.status(done.status).send(done.status === 200 ? { event: done.event } : { message: done.message });
  });

  /** The switches, from the page's forms or as JSON {defaultOutcome, vendorDown}. */
  app.post('/sim/kyc/settings', async (request, reply) => {
    const form = fields(request.body);
    const outcome = form.get('defaultOutcome');
    const down = form.get('vendorDown');
    if ((outcome && outcome !== 'review' && outcome !== 'pass') || (down && down !== 'true' && down !== 'false') || (!outcome && !down))
      return reply.status(400).type('text/plain').send("defaultOutcome 'review' or 'pass', or vendorDown true or false.");
    if (outcome) await simulator.setDefaultOutcome(outcome as 'review' | 'pass');
    if (down) await simulator.setDown(down === 'true');
    return typeof request.body === 'string'
      ? reply.redirect('/sim/kyc', 303)
      : reply.send({ defaultOutcome: await simulator.defaultOutcome(), vendorDown: await simulator.isDown() });
  });

  app.post('/sim/kyc/deliver', async (request, reply) => {
    const result = await simulator.tick(clock());
    return typeof request.body === 'string' ? reply.redirect('/sim/kyc', 303) : reply.send(result);
  });
}
