import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { peso } from '../promotions';
import { campaignDevRoutes } from './devRoutes';
import { LuckySpinService } from './luckySpin';
import { MasskaraService } from './masskara';
import { RafflesService } from './raffles';
import { campaignRoutes } from './routes';
import { type CampaignOptions, MissionsService } from './service';
import { TournamentsService } from './tournaments';

/**
 * Campaigns (issue 35): missions counted from settled bets, the lucky spin, slot tournaments (paid
 * once by the leader's `tournament-payouts` job), the Masskara campaign's masks and raffles (drawn once
 * by the leader's `raffle-draws` job), their rewards paid
 * through the promotions wallet (app.promotions.grant) in the claim's transaction with the
 * responsible-gaming gate (app.responsibleGaming.claim). Operator pages /dev/missions and
 * /dev/lucky-spin, /dev/masskara and /dev/raffle outside production. Nothing lives in memory: progress is read from the tickets,
 * entitlements and spins are rows, so any instance answers the same.
 */

declare module 'fastify' {
  interface FastifyInstance {
    missions: MissionsService;
    luckySpin: LuckySpinService;
    tournaments: TournamentsService;
    masskara: MasskaraService;
    raffles: RafflesService;
  }
}

export type { LuckySpinService } from './luckySpin';
export type { MissionsService } from './service';
export type { TournamentsService } from './tournaments';
export type { MasskaraService } from './masskara';
export type { RafflesService } from './raffles';

/** How often the leader looks for tournaments to pay (each is paid once: its payout row is the guard). */
export const TOURNAMENT_JOB_MS = 60_000;
/** How often the leader looks for raffles to draw (each is drawn once: its draw row is the guard). */
export const RAFFLE_JOB_MS = 60_000;

export const campaigns = fp(
  async (app: FastifyInstance) => {
    const options: CampaignOptions = {
      db: app.database.db,
      events: app.playerEvents,
      clock: app.clock,
      claimGate: (tx, customerId, action) => app.responsibleGaming.claim(tx, customerId, action),
      marketingAllowed: (customerId) => app.responsibleGaming.marketingAllowed(customerId),
      grant: (tx, customerId, offerId, terms, amount) => app.promotions.grant(tx, customerId, offerId, terms, amount),
      peso,
      // The video module registers after this one: read at call time.
      highlight: async (customerId, clipId) => {
        const clip = (await app.video.highlights(customerId)).clips.find((one) => one.clipId === clipId);
        if (!clip) return undefined;
        const { url } = await app.video.clipUrl(clipId);
        return { sportTypeId: clip.sportTypeId, durationSeconds: clip.durationSeconds, url };
      },
    };
    const missions = new MissionsService(options);
    const luckySpin = new LuckySpinService(options);
    app.decorate('missions', missions);
    const tournaments = new TournamentsService(options);
    app.decorate('luckySpin', luckySpin);
    app.decorate('tournaments', tournaments);
    const masskara = new MasskaraService({ ...options, dataDir: app.config.dataDir, log: app.log });
    const raffles = new RafflesService(options);
    app.decorate('masskara', masskara);
    app.decorate('raffles', raffles);
    app.addHook('onReady', async () => {
      await luckySpin.seed();
      await masskara.seed();
    });
    // Development databases start with the sport campaigns' missions (/nbaPlayoff, /fiba, /boxing, /nbaVideo, the NBA live activity).
    if (!app.config.production) app.addHook('onReady', () => missions.seed());
    app.jobs.add('tournament-payouts', TOURNAMENT_JOB_MS, (now) => tournaments.payDue(now));
    app.jobs.add('raffle-draws', RAFFLE_JOB_MS, (now) => raffles.drawDue(now));
    const services = { missions, luckySpin, tournaments, masskara, raffles };
    await app.register(campaignRoutes, services);
    if (!app.config.production) await app.register(campaignDevRoutes, services);
  },
  { name: 'campaigns', dependencies: ['core', 'jobs', 'contract', 'wallet', 'responsible-gaming', 'promotions'] },
);
