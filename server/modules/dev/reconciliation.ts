import type { FastifyInstance } from 'fastify';
import type { Mismatch, Reconciler } from '../reconciliation';
import { crossSite, devPage, devPageBasics, escapeHtml, sendPage } from './html';

const shown = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);

/**
 * /dev/reconciliation: the latest reconciliation reports, each mismatch on its own line, and a button
 * that runs one now. Development only (in production the reports are in reconciliation_reports and the log).
 */
export async function devReconciliation(app: FastifyInstance, options: { reconciler: Reconciler; clock: () => number }) {
  const { reconciler } = options;
  devPageBasics(app);

  const render = async (notice = '') => {
    const reports = await reconciler.latest(20);
    const items = reports
      .map((report) => {
        const list = report.mismatches as Mismatch[];
        const rows = list
          .map(
            (m) =>
              `<tr><td class="bad">${escapeHtml(m.kind)}</td><td><code>${escapeHtml(m.reference)}</code></td><td>${escapeHtml(shown(m.ours))}</td><td>${escapeHtml(shown(m.theirs))}</td><td>${escapeHtml(m.note)}</td></tr>`,
          )
          .join('');
        return `<div class="card"><p>Report ${report.id} · ${report.ranAt.toISOString()} · ${report.checked} records compared · ${
          list.length ? `<span class="bad">${list.length} mismatches</span>` : '<span class="ok">clean</span>'
        }</p>${rows ? `<table><thead><tr><th>kind</th><th>reference</th><th>ours</th><th>theirs</th><th>note</th></tr></thead><tbody>${rows}</tbody></table>` : ''}</div>`;
      })
      .join('');
    return devPage(
      'Reconciliation',
      `<p class="note">The providers' records (checkouts, agent cash-ins, payouts) against our orders and the ledger. Runs every few minutes on one instance. This page does not exist in production.</p>${notice}<form method="post" action="/dev/reconciliation"><button type="submit">Run now</button></form>${
        items || '<p>No run yet.</p>'
      }`,
    );
  };

  app.get('/dev/reconciliation', async (_request, reply) => sendPage(reply, await render()));
  app.post('/dev/reconciliation', async (request, reply) => {
    if (crossSite(request)) return sendPage(reply, devPage('Refused', '<p>Posts from another site are refused.</p>'), 403);
    const run = await reconciler.run(options.clock());
    return sendPage(
      reply,
      await render(`<p class="${run.mismatches.length ? 'bad' : 'ok'}">Run done: ${run.mismatches.length} mismatches.</p>`),
    );
  });
}
