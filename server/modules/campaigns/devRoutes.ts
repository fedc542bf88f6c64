import type { FastifyInstance, FastifyRequest } from 'fastify';
import { crossSite, devPage, devPageBasics, escapeHtml, formFields, sendPage } from '../dev';
import type { CampaignServices } from './services';

/**
 * /dev/missions, /dev/tournaments, /dev/raffle, /dev/lucky-spin and /dev/masskara (development only): the
 * operator's missions, slot tournaments, raffles, the lucky spin's prizes and odds and the Masskara campaign, edited without a deploy, validated on save
 * (src/contract/campaigns.ts). A mission overlapping a running one of its kind is refused. POST with JSON
 * is the tests' way in: /dev/missions, /dev/tournaments and /dev/raffle { id, definition, active }, /dev/lucky-spin
 * and /dev/masskara { config: { editions } }.
 */
export async function campaignDevRoutes(app: FastifyInstance, options: CampaignServices) {
  const { missions, luckySpin, tournaments, masskara, raffles } = options;
  devPageBasics(app);

  const card = (action: string, title: string, fields: string, json: unknown, extra = '') =>
    `<div class="card"><form method="post" action="${action}"><h2>${title}</h2>${fields}
<label>JSON<textarea name="json" rows="16" cols="80">${json === undefined ? '' : escapeHtml(JSON.stringify(json, null, 2))}</textarea></label>${extra}
<button>Save</button></form></div>`;

  /** A JSON body or the page's form: what to save, or the error to show. */
  const save = async (request: FastifyRequest, work: (body: Record<string, unknown>) => Promise<void>) => {
    const json = typeof request.body === 'object' && request.body !== null;
    try {
      if (json) await work(request.body as Record<string, unknown>);
      else {
        const form = formFields(request);
        await work({ id: form.get('id') ?? '', active: form.get('active') === 'true', json: JSON.parse(form.get('json') ?? '') });
      }
      return { json, error: undefined };
    } catch (error) {
      return { json, error: error instanceof Error ? error.message : 'not saved' };
    }
  };

  /** One page and its save for a list of definitions by id (missions, tournaments). */
  const definitions = (
    path: string,
    title: string,
    note: string,
    list: () => Promise<{ id: string; active: boolean; definition: unknown }[]>,
    store: (id: string, definition: unknown, active: boolean) => Promise<void>,
  ) => {
    const render = async (notice = '') =>
      devPage(
        title,
        `<p class="note">${note} This page does not exist in production.</p>${notice}
${(await list())
  .map(({ id, active, definition }) =>
    card(
      path,
      `<code>${escapeHtml(id)}</code>`,
      `<input type="hidden" name="id" value="${escapeHtml(id)}">`,
      definition,
      `<label><input type="checkbox" name="active" value="true"${active ? ' checked' : ''}> shown to players</label>`,
    ),
  )
  .join('')}
${card(path, 'New', '<label>Id<input name="id" placeholder="a-new-id"></label><input type="hidden" name="active" value="true">', undefined)}`,
      );
    app.get(path, async (_request, reply) => sendPage(reply, await render()));
    app.post(path, async (request, reply) => {
      if (crossSite(request)) return sendPage(reply, devPage('Refused', '<p>Posts from another site are refused.</p>'), 403);
      const { json, error } = await save(request, async (body) => {
        const id = String(body.id ?? '').trim();
        if (!/^[a-z0-9-]{3,40}$/.test(id)) throw new Error('An id is 3 to 40 lower-case letters, digits or dashes.');
        await store(id, body.definition ?? body.json, body.active !== false);
      });
      if (json) return error ? reply.status(400).send({ error }) : { saved: true };
      return sendPage(reply, await render(`<p class="${error ? 'bad' : 'ok'}">${escapeHtml(error ?? 'Saved.')}</p>`), error ? 400 : 200);
    });
  };

  definitions(
    '/dev/missions',
    'Campaigns: missions',
    'Missions apply at once on every instance; players who joined keep their time limit.',
    async () => (await missions.all()).map(({ id, active, mission }) => ({ id, active, definition: mission })),
    (id, definition, active) => missions.save(id, definition, active),
  );
  definitions(
    '/dev/raffle',
    'Campaigns: raffles',
    'A raffle’s seed is fixed when it is first saved (its hash is shown to players from then); its rules cannot change once it has started. The leader draws it once after its end.',
    async () => (await raffles.all()).map(({ row, raffle }) => ({ id: row.id, active: row.active, definition: raffle })),
    (id, definition, active) => raffles.save(id, definition, active),
  );
  definitions(
    '/dev/tournaments',
    'Campaigns: slot tournaments',
    'Standings come from settled casino rounds; the leader pays each tournament once after its end.',
    async () => (await tournaments.all()).map(({ id, active, tournament }) => ({ id, active, definition: tournament })),
    (id, definition, active) => tournaments.save(id, definition, active),
  );

  /** One page and its save for a single setting (the lucky spin, the Masskara campaign). */
  const single = (path: string, title: string, note: string, read: () => Promise<unknown>, store: (value: unknown) => Promise<void>) => {
    const render = async (notice = '') =>
      devPage(
        title,
        `<p class="note">${note} This page does not exist in production.</p>${notice}\n${card(path, title, '', await read())}`,
      );
    app.get(path, async (_request, reply) => sendPage(reply, await render()));
    app.post(path, async (request, reply) => {
      if (crossSite(request)) return sendPage(reply, devPage('Refused', '<p>Posts from another site are refused.</p>'), 403);
      const { json, error } = await save(request, (body) => store(body.config ?? body.json));
      if (json) return error ? reply.status(400).send({ error }) : { saved: true };
      return sendPage(reply, await render(`<p class="${error ? 'bad' : 'ok'}">${escapeHtml(error ?? 'Saved.')}</p>`), error ? 400 : 200);
    });
  };
  single(
    '/dev/lucky-spin',
    'Campaigns: the lucky spin',
    'The prizes and their weights (chance = weight / sum of weights); spins already made keep the odds they were drawn with.',
    () => luckySpin.config(),
    (value) => luckySpin.saveConfig(value),
  );
  single(
    '/dev/masskara',
    'Campaigns: Masskara',
    'Every edition of the campaign (masskara.json in the data folder, which this page writes; editions must not overlap): its dates, the masks and their weights (chance = weight / sum of weights), what draws a mask, the prize of a full set and the ids of its raffles; masks already drawn keep what they were.',
    () => masskara.config(),
    (value) => masskara.saveConfig(value),
  );
}
