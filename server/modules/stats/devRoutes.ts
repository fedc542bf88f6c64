import type { FastifyInstance } from 'fastify';
import { NECESSARY_EVENTS, RETENTION_DAYS, ATTRIBUTION_RETENTION_DAYS, manilaDay } from '../../../src/contract/events';
import { devPage, devPageBasics, escapeHtml, sendPage } from '../dev';
import type { TrackingSimulator } from '../../providers/tracking/simulator';
import { type DayRange, FUNNEL_DIMENSIONS, type FunnelDimension } from './repository';
import type { StatsService } from './service';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const percent = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : '—');
const cell = (value: string | number, attributes = '') => `<td${attributes}>${escapeHtml(String(value))}</td>`;

function table(testId: string, head: string[], rows: string[], empty: string): string {
  if (rows.length === 0) return `<p class="note" data-testid="${testId}-empty">${escapeHtml(empty)}</p>`;
  return `<table data-testid="${testId}"><thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/**
 * /dev/stats: the operator's view of the statistics (issue 39), development only: page views and unique
 * visitors per day; the funnel visit → registration → first deposit → first bet by an acquisition
 * source, first or last touch; exposure → click rates per feature id; each experiment group's
 * conversion with its 95 % interval; the necessary events, what is stored and the tracking service's
 * outbox. Plain HTML drawn on the server (no script: the strict policy allows none inline).
 */
export async function devStatsRoutes(app: FastifyInstance, options: { service: StatsService; clock: () => number }) {
  const { service } = options;
  devPageBasics(app);

  /** The events stored for one page session (its id is the tab's `events.session`): what a test checks. */
  app.get('/dev/stats/events', async (request, reply) => {
    const session = (request.query as Record<string, string | undefined>)['session'] ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(session)) return reply.status(400).send({ error: 'session: a page session id' });
    return reply.header('Cache-Control', 'no-store').send({ events: await service.sessionEvents(session) });
  });

  app.get('/dev/stats', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const today = manilaDay(options.clock());
    const weekAgo = manilaDay(options.clock() - 6 * 86_400_000);
    const range: DayRange = {
      from: query['from'] && DAY.test(query['from']) ? query['from'] : weekAgo,
      to: query['to'] && DAY.test(query['to']) ? query['to'] : today,
    };
    const by: FunnelDimension = FUNNEL_DIMENSIONS.includes(query['by'] as FunnelDimension) ? (query['by'] as FunnelDimension) : 'zoneid';
    const model = query['model'] === 'first' ? 'first' : 'last';

    const [[traffic, pages], funnel, [features, calendar, statistics], groups, house] = await Promise.all([
      service.traffic(range),
      service.funnel(range, by, model),
      service.features(range),
      service.experiment(range),
      service.housekeeping(),
    ]);
    const simulator = service.tracking as TrackingSimulator | undefined;
    const received = simulator && 'received' in simulator ? await simulator.received(10) : [];

    const form = `<form method="get" action="/dev/stats">
      <label>From <input type="date" name="from" value="${range.from}"></label>
      <label>To <input type="date" name="to" value="${range.to}"></label>
      <label>Funnel by <select name="by">${FUNNEL_DIMENSIONS.map(
        (d) => `<option value="${d}"${d === by ? ' selected' : ''}>${d === 'partner' ? 'partner host' : d}</option>`,
      ).join('')}</select></label>
      <label>Registrations by <select name="model"><option value="last"${model === 'last' ? ' selected' : ''}>last touch</option><option value="first"${
        model === 'first' ? ' selected' : ''
      }>first touch</option></select></label>
      <button type="submit">Show</button></form>`;

    const trafficTable = table(
      'traffic',
      ['Day (Manila)', 'Page views', 'Unique visitors', 'Visits'],
      traffic.map((d) => `<tr data-day="${d.day}">${cell(d.day)}${cell(d.pageViews)}${cell(d.visitors)}${cell(d.sessions)}</tr>`),
      'No page views in this window.',
    );
    const pagesTable = table(
      'pages',
      ['Page', 'Page views', 'Unique visitors'],
      pages.map((p) => `<tr>${cell(p.page)}${cell(p.pageViews)}${cell(p.visitors)}</tr>`),
      'No page views in this window.',
    );
    const funnelTable = table(
      'funnel',
      [
        by === 'partner' ? 'Partner host' : by,
        'Visits',
        'with a click id',
        'Registrations',
        'with a click id',
        'First deposits',
        'First bets',
        'Visit → registration',
        'Registration → first deposit',
        'First deposit → first bet',
      ],
      funnel.map(
        (f) =>
          `<tr data-source="${escapeHtml(f.source)}">${cell(f.source || '(none)')}${cell(f.visits, ' data-cell="visits"')}${cell(
            f.visitsWithClickId,
            ' data-cell="visitsWithClickId"',
          )}${cell(f.registrations, ' data-cell="registrations"')}${cell(f.registrationsWithClickId, ' data-cell="registrationsWithClickId"')}${cell(
            f.firstDeposits,
            ' data-cell="firstDeposits"',
          )}${cell(f.firstBets, ' data-cell="firstBets"')}${cell(percent(f.registrations, f.visits))}${cell(percent(f.firstDeposits, f.registrations))}${cell(
            percent(f.firstBets, f.firstDeposits),
          )}</tr>`,
      ),
      'No visits or registrations in this window.',
    );
    const featureTable = table(
      'features',
      [
        'Feature id',
        'Exposures (type 60)',
        'Clicks (type 61)',
        'Click rate',
        'Sessions exposed',
        'Sessions that clicked',
        'Session click rate',
      ],
      features.map(
        (f) =>
          `<tr data-feature="${escapeHtml(f.featureId)}">${cell(f.featureId)}${cell(f.exposures, ' data-cell="exposures"')}${cell(
            f.clicks,
            ' data-cell="clicks"',
          )}${cell(percent(f.clicks, f.exposures), ' data-cell="rate"')}${cell(f.sessionsExposed)}${cell(f.sessionsClicked)}${cell(
            percent(f.sessionsClicked, f.sessionsExposed),
          )}</tr>`,
      ),
      'No exposures or clicks in this window.',
    );
    const calendarTable = table(
      'calendar',
      ['Calendar id', 'Clicks'],
      calendar.map((c) => `<tr>${cell(c.calendarId)}${cell(c.clicks)}</tr>`),
      'No calendar clicks in this window.',
    );
    const statisticsTable = table(
      'statistics',
      ['Type', 'Event', 'Count'],
      statistics.map((s) => `<tr>${cell(s.statType)}${cell(s.name)}${cell(s.count)}</tr>`),
      'No typed statistics in this window.',
    );
    const experimentTable = table(
      'experiment',
      ['Group', 'Devices assigned', 'Devices exposed', 'Registered after exposure', 'Conversion', '95 % interval (Wilson)'],
      groups.map(
        (g) =>
          `<tr data-group="${g.group}">${cell(g.group)}${cell(g.assigned, ' data-cell="assigned"')}${cell(g.exposed, ' data-cell="exposed"')}${cell(
            g.converted,
            ' data-cell="converted"',
          )}${cell(percent(g.converted, g.exposed), ' data-cell="rate"')}${cell(
            g.exposed > 0 ? `${(100 * g.interval.low).toFixed(1)} % – ${(100 * g.interval.high).toFixed(1)} %` : '—',
            ' data-cell="interval"',
          )}</tr>`,
      ),
      'No device was assigned or exposed in this window.',
    );
    const necessaryTable = table(
      'necessary',
      ['Kind', 'Name', 'Count (all kept days)'],
      house.necessary.map((n) => `<tr>${cell(n.kind)}${cell(n.name)}${cell(n.count)}</tr>`),
      'No necessary events stored.',
    );
    const storedTable = table(
      'stored',
      ['Class', 'Events', 'Oldest day', 'Kept for'],
      house.stored.map(
        (s) =>
          `<tr>${cell(s.class)}${cell(s.events)}${cell(s.oldest ?? '—')}${cell(`${RETENTION_DAYS[s.class as 'analytics'] ?? '?'} days`)}</tr>`,
      ),
      'No events stored.',
    );
    const receivedList = received.length
      ? `<table><thead><tr><th scope="col">Event</th><th scope="col">Player (hashed)</th><th scope="col">When</th></tr></thead><tbody>${received
          .map(
            (r) =>
              `<tr>${cell(String(r.payload['eventName'] ?? ''))}${cell(String(r.payload['customer_user_id'] ?? '(visitor)'))}${cell(String(r.payload['eventTime'] ?? ''))}</tr>`,
          )
          .join('')}</tbody></table>`
      : '<p class="note">Nothing received yet.</p>';

    return sendPage(
      reply,
      devPage(
        'Statistics',
        `<p class="note">The operator's view of the events the app sends (issue 39). Analytics events come only from devices that allowed analytics; necessary events (${NECESSARY_EVENTS.map(
          (e) => e.name,
        ).join(', ')}) always. Days are Manila days. This page does not exist in production.</p>${form}
        <h2>Page views and unique visitors</h2>${trafficTable}<h2>Top pages</h2>${pagesTable}
        <h2>Funnel by ${escapeHtml(by === 'partner' ? 'partner host' : by)} (registrations by ${model} touch)</h2>
        <p class="note">Visits: sessions that launched in the window, by the touch that brought them. Registrations: accounts opened in the window; their first deposit and first bet whenever they came.</p>${funnelTable}
        <h2>Exposure → click by feature id</h2>${featureTable}<h2>Calendar clicks</h2>${calendarTable}<h2>Typed statistics (59 floating bet slip, 60 exposure, 61 click)</h2>${statisticsTable}
        <h2>Experiment: /feature (A/B/C)</h2><p class="note">Conversion: devices exposed to a group (their first exposure) that registered after it.</p>${experimentTable}
        <h2>Necessary events</h2>${necessaryTable}
        <h2>Stored and retention</h2><p class="note">Analytics events are kept ${RETENTION_DAYS.analytics} days, necessary events ${RETENTION_DAYS.necessary} days, registrations' attribution ${ATTRIBUTION_RETENTION_DAYS} days; a day past its limit is dropped whole.</p>${storedTable}
        <h2>Tracking service</h2><p class="note">Outbox: ${house.tracking.unsent} waiting, ${house.tracking.sent} sent.</p>${receivedList}`,
      ),
    );
  });
}
