import type { FastifyInstance } from 'fastify';
import { crossSite, devPage, devPageBasics, escapeHtml, formFields, sendPage } from '../dev';
import type { PromotionsService } from './service';

/**
 * /dev/offers (development only): the operator's offer catalogue, edited without a deploy. Each offer's
 * terms are JSON, validated on save (src/contract/promotions.ts offerTermsSchema: wagering ≤ 10x, one
 * vertical, contribution percentages 0–100); a grant already made keeps the terms it was made with.
 * POST /dev/offers with JSON { id, terms, active } is the tests' way in.
 */
export async function promotionDevRoutes(app: FastifyInstance, options: { service: PromotionsService }) {
  const { service } = options;
  devPageBasics(app);

  const render = async (notice = '') => {
    const offers = (await service.catalogue())
      .map(
        (offer) => `<div class="card"><form method="post" action="/dev/offers"><h2><code>${escapeHtml(offer.id)}</code></h2>
<input type="hidden" name="id" value="${escapeHtml(offer.id)}">
<label>Terms (JSON)<textarea name="terms" rows="16" cols="80">${escapeHtml(JSON.stringify(offer.terms, null, 2))}</textarea></label>
<label><input type="checkbox" name="active" value="true"${offer.active ? ' checked' : ''}> offered to players</label>
<button>Save</button></form></div>`,
      )
      .join('');
    return devPage(
      'Promotions: the offer catalogue',
      `<p class="note">Edits apply to new grants at once, on every instance; grants players hold keep their own copy of the terms.
This page does not exist in production.</p>${notice}${offers}
<div class="card"><form method="post" action="/dev/offers"><h2>New offer</h2><label>Id<input name="id" placeholder="reload-weekend"></label>
<label>Terms (JSON)<textarea name="terms" rows="8" cols="80"></textarea></label><input type="hidden" name="active" value="true"><button>Add</button></form></div>`,
    );
  };

  app.get('/dev/offers', async (_request, reply) => sendPage(reply, await render()));

  app.post('/dev/offers', async (request, reply) => {
    if (crossSite(request)) return sendPage(reply, devPage('Refused', '<p>Posts from another site are refused.</p>'), 403);
    const json = typeof request.body === 'object' && request.body !== null;
    const form = json ? undefined : formFields(request);
    const body = json ? (request.body as { id?: unknown; terms?: unknown; active?: unknown }) : undefined;
    const id = String(body?.id ?? form?.get('id') ?? '').trim();
    const active = body ? body.active !== false : form?.get('active') === 'true';
    try {
      if (!/^[a-z0-9-]{3,40}$/.test(id)) throw new Error('An offer id is 3 to 40 lower-case letters, digits or dashes.');
      const terms = body ? body.terms : JSON.parse(form?.get('terms') ?? '');
      await service.saveOffer(id, terms, active);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'not saved';
      return json
        ? reply.status(400).send({ error: message })
        : sendPage(reply, await render(`<p class="bad">${escapeHtml(message)}</p>`), 400);
    }
    return json ? { id, active } : sendPage(reply, await render(`<p class="ok">${escapeHtml(id)} saved.</p>`));
  });
}
