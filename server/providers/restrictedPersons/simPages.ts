import type { FastifyInstance } from 'fastify';
import { FAMILY_RELATIONS } from '../../../src/contract/responsibleGaming';
import { normalizePhone } from '../../../src/contract/people';
import { crossSite, devPage, devPageBasics, escapeHtml, formFields, sendPage } from '../../modules/dev';
import type { NewListing, RestrictedPersonsSimulator, SimListing } from './simulator';
import type { ListingKind } from './types';

/**
 * The registry's desk, /sim/ndrp (development and tests only): the listings, a form that lists a person
 * (as the regulator would after its own intake), the family-exclusion requests the operator's form filed,
 * with List / Decline, and Lift for a listing. Plain forms that POST, no script (the app's CSP).
 * POST /sim/ndrp/listings with JSON is the tests' way in.
 */

const KINDS: readonly ListingKind[] = ['self', 'family', 'barred'];
const when = (date: Date | null) => (date ? date.toISOString().slice(0, 16).replace('T', ' ') : 'until lifted');

function listingRow(row: SimListing): string {
  return `<tr><td>${escapeHtml(row.listingNo)}</td><td>${escapeHtml(row.kind)}${row.relation ? ` (${escapeHtml(row.relation)})` : ''}</td>
<td>${escapeHtml(`${row.firstName} ${row.lastName}`)}</td><td>${escapeHtml(row.birthday)}</td><td>${escapeHtml(row.mobile ?? '')}</td>
<td>${escapeHtml(row.idKey ?? '')}</td><td>${escapeHtml(when(row.until))}</td>
<td><form method="post" action="/sim/ndrp/lift"><input type="hidden" name="listingNo" value="${escapeHtml(row.listingNo)}"><button class="reject">Lift</button></form></td></tr>`;
}

/** A listing from the desk's form or the JSON twin; undefined when a field is missing. */
function listingOf(fields: Record<string, string | undefined>): NewListing | undefined {
  const kind = fields['kind'] as ListingKind;
  const firstName = fields['firstName']?.trim() ?? '';
  const lastName = fields['lastName']?.trim() ?? '';
  const birthday = fields['birthday']?.trim() ?? '';
  if (!KINDS.includes(kind) || !firstName || !lastName || !/^\d{4}-\d{2}-\d{2}$/.test(birthday)) return undefined;
  const months = Number(fields['months'] ?? '0');
  const until = Number.isFinite(months) && months > 0 ? new Date() : null;
  until?.setUTCMonth(until.getUTCMonth() + months);
  return {
    kind,
    firstName,
    lastName,
    birthday,
    mobile: fields['mobile'] ? (normalizePhone(fields['mobile']) ?? null) : null,
    idNumber: fields['idNumber']?.trim() || null,
    reason: fields['reason']?.trim() ?? '',
    until,
  };
}

export async function restrictedPersonsSimPages(app: FastifyInstance, options: { simulator: RestrictedPersonsSimulator }) {
  const { simulator } = options;
  devPageBasics(app);

  app.get('/sim/ndrp', async (_request, reply) => {
    const [listings, requests] = await Promise.all([simulator.listings(), simulator.requests()]);
    const pending = requests.filter((r) => r.status === 'pending');
    const content = `<p class="note">A simulated National Database of Restricted Persons (PAGCOR). Operators screen players against it
at registration, at identity verification and nightly. Development and tests only.</p>
<h2>Family exclusion requests</h2>
${
  pending.length === 0
    ? '<p class="note">None waiting.</p>'
    : pending
        .map(
          (
            r,
          ) => `<div class="card"><b>${escapeHtml(r.requestNo)}</b> · ${escapeHtml(r.relation)} ${escapeHtml(r.requesterName)} (${escapeHtml(r.requesterContact)})
asks to exclude <b>${escapeHtml(`${r.firstName} ${r.lastName}`)}</b>, born ${escapeHtml(r.birthday)}${r.mobile ? `, mobile ${escapeHtml(r.mobile)}` : ''}${r.idNumber ? `, ID ${escapeHtml(r.idNumber)}` : ''}.
<p>${escapeHtml(r.reason)}</p>
<form method="post" action="/sim/ndrp/requests/decide"><input type="hidden" name="requestNo" value="${escapeHtml(r.requestNo)}">
<label>Months (0: until lifted)<input name="months" value="12" inputmode="numeric"></label>
<button name="decision" value="listed">List</button><button class="reject" name="decision" value="declined">Decline</button></form></div>`,
        )
        .join('')
}
<h2>List a person</h2>
<form method="post" action="/sim/ndrp/listings">
<label>Kind<select name="kind">${KINDS.map((k) => `<option>${k}</option>`).join('')}</select></label>
<label>First name<input name="firstName" required></label><label>Last name<input name="lastName" required></label>
<label>Birthday<input name="birthday" type="date" required></label><label>Mobile<input name="mobile"></label>
<label>ID number<input name="idNumber"></label><label>Months (0: until lifted)<input name="months" value="0" inputmode="numeric"></label>
<label>Reason<input name="reason"></label><button>List</button></form>
<h2>Listings</h2>
<table><tr><th>No.</th><th>Kind</th><th>Name</th><th>Born</th><th>Mobile</th><th>ID</th><th>Until</th><th></th></tr>
${listings.map(listingRow).join('')}</table>
<p class="note">Relations a family exclusion may come from: ${FAMILY_RELATIONS.join(', ')} (a child aged 18 or more).</p>`;
    return sendPage(reply, devPage('Restricted persons (NDRP simulator)', content));
  });

  app.post('/sim/ndrp/listings', async (request, reply) => {
    if (crossSite(request)) return reply.status(403).send('cross-site');
    const json = typeof request.body === 'object' && request.body !== null;
    const fields = json
      ? Object.fromEntries(
          Object.entries(request.body as Record<string, unknown>).map(([k, v]) => [k, v === undefined ? undefined : String(v)]),
        )
      : Object.fromEntries(formFields(request));
    const listing = listingOf(fields);
    if (!listing) return reply.status(400).send({ error: 'kind, firstName, lastName and birthday (YYYY-MM-DD) are needed' });
    const row = await simulator.list(listing);
    return json ? { listingNo: row.listingNo } : reply.redirect('/sim/ndrp', 303);
  });

  app.post('/sim/ndrp/lift', async (request, reply) => {
    if (crossSite(request)) return reply.status(403).send('cross-site');
    await simulator.lift(formFields(request).get('listingNo') ?? '');
    return reply.redirect('/sim/ndrp', 303);
  });

  app.post('/sim/ndrp/requests/decide', async (request, reply) => {
    if (crossSite(request)) return reply.status(403).send('cross-site');
    const json = typeof request.body === 'object' && request.body !== null;
    const fields = json ? new URLSearchParams(request.body as Record<string, string>) : formFields(request);
    const decision = fields.get('decision') === 'listed' ? 'listed' : 'declined';
    const listed = await simulator.decide(fields.get('requestNo') ?? '', decision, Number(fields.get('months') ?? '12') || 0);
    return json ? { listingNo: listed?.listingNo ?? null } : reply.redirect('/sim/ndrp', 303);
  });
}
