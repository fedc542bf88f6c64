import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../server/providers/games/catalogue';
import { drawCrash, CRASH_97 } from '../../server/providers/games/engines/crash';
import { CATCH_SCALE, FISHING_96, catchChance } from '../../server/providers/games/engines/fishing';
import { JACKS_9_6, drawHand } from '../../server/providers/games/engines/videoPoker';
import { DECK, cardLabel, handCategory } from '../../server/providers/games/engines/videoPokerHands';
import { fairRng, hashServerSeed, shuffle } from '../../server/providers/games/fair';
import type { GameProvider } from '../../server/providers/games/types';
import { type TestServer, startServer } from './server';
import { type SimRound, launchRequest, simRound, simSession } from './simGame';

/**
 * Video poker, crash and fishing played through the simulator's real runtime and game API (demo play
 * money, so no operator wallet): a round's view, its settlement, the balance and history the page shows,
 * and the revealed seed replaying the round exactly as the player would verify it.
 */

let server: TestServer;
let provider: GameProvider;

beforeAll(async () => {
  server = await startServer();
  provider = server.app.gameProvider.provider!;
});
afterAll(async () => server.close());

async function launch(gameCode: string): Promise<string> {
  const { url } = await provider.launch(
    launchRequest(catalogue().get(gameCode)!.game, { user: `demo-${gameCode}`, currency: 'XXX', lobbyUrl: '/games' }),
  );
  return url.split('/').pop()!;
}

const call = (step: 'start' | 'act', body: Record<string, unknown>) => simRound(server, step, body);
const session = (sessionId: string) => simSession(server, sessionId);

const seedsOf = (proof: SimRound['proof']) => ({ serverSeed: proof.serverSeed!, clientSeed: proof.clientSeed, nonce: proof.nonce });

describe('video poker through the simulator', () => {
  it('deals, draws the held cards’ replacements, pays the paytable and replays from the revealed seed', async () => {
    const sessionId = await launch('video-poker-jb-9-6-jacks-royale');
    const before = await session(sessionId);
    expect(before.rtpBps).toBe(9954);
    const dealt = await call('start', { sessionId, bet: 500, action: {} });
    expect(dealt).toMatchObject({ ok: true, status: 'open', win: 0 });
    expect(dealt.proof.serverSeed).toBeNull();
    const cards = dealt.view['cards'] as string[];
    expect(cards).toHaveLength(5);

    const hold = [true, true, false, false, true];
    const drawn = await call('act', { sessionId, roundId: dealt.roundId, action: { hold } });
    expect(drawn).toMatchObject({ ok: true, status: 'settled' });
    expect(hashServerSeed(drawn.proof.serverSeed!)).toBe(dealt.proof.serverSeedHash);

    // What the player can check with the revealed seed: the deck, the deal, the draw and the pay.
    const deck = shuffle(DECK, fairRng(seedsOf(drawn.proof)));
    expect(deck.slice(0, 5).map(cardLabel)).toEqual(cards);
    const final = drawHand(deck, hold);
    expect(drawn.view['cards']).toEqual(final.map(cardLabel));
    expect(drawn.win).toBe(500 * JACKS_9_6.pays[handCategory(final)]!);

    const after = await session(sessionId);
    expect(after.balance).toBe(before.balance! - 500 + drawn.win);
    expect(after.history[0]).toMatchObject({ roundId: dealt.roundId, bet: 500, win: drawn.win, net: drawn.win - 500 });
  });

  it('refuses a draw without hold choices in the player’s words and keeps the round open', async () => {
    const sessionId = await launch('video-poker-jb-8-5-jacks-royale');
    const dealt = await call('start', { sessionId, bet: 100, action: {} });
    const refused = await call('act', { sessionId, roundId: dealt.roundId, action: { hold: 'all' } });
    expect(refused).toMatchObject({ ok: false, message: 'Choose the cards to hold, then draw.' });
    const drawn = await call('act', { sessionId, roundId: dealt.roundId, action: { hold: [false, false, false, false, false] } });
    expect(drawn.status).toBe('settled');
  });
});

describe('crash through the simulator', () => {
  it('cashes out or crashes, and the revealed seed gives the crash point shown', async () => {
    const sessionId = await launch('crash-97-rocket-pinoy');
    const before = await session(sessionId);
    const started = await call('start', { sessionId, bet: 1_000, action: { target: null } });
    expect(started.ok).toBe(true);
    let last = started;
    if (started.status === 'open') {
      expect(started.view).not.toHaveProperty('crashPoint');
      last = await call('act', { sessionId, roundId: started.roundId, action: { type: 'cashout' } });
    }
    expect(last.status).toBe('settled');
    const crashPoint = Math.max(100, drawCrash(fairRng(seedsOf(last.proof)), CRASH_97));
    expect(last.view['crashPoint']).toBe(crashPoint);
    if (last.view['phase'] === 'cashed') {
      const multiplier = last.view['multiplier'] as number;
      expect(multiplier).toBeLessThanOrEqual(crashPoint);
      expect(last.win).toBe(Math.floor((1_000 * multiplier) / 100));
    } else {
      expect(last.win).toBe(0);
    }
    expect((await session(sessionId)).balance).toBe(before.balance! - 1_000 + last.win);
  });

  it('refuses an auto cash-out below 1.01× before any bet', async () => {
    const sessionId = await launch('crash-97-saranggola');
    const before = await session(sessionId);
    const refused = await call('start', { sessionId, bet: 1_000, action: { target: 1 } });
    expect(refused).toMatchObject({ ok: false, message: 'The auto cash-out must be between 1.01× and 1000×, or off.' });
    expect((await session(sessionId)).balance).toBe(before.balance);
  });
});

describe('fishing through the simulator', () => {
  it('settles each shot at once; the revealed seed decides the catch', async () => {
    const sessionId = await launch('fishing-96-ocean-king');
    const before = await session(sessionId);
    let net = 0;
    for (let shot = 0; shot < 5; shot += 1) {
      const answer = await call('start', { sessionId, bet: 200, action: { fish: 'clownfish' } });
      expect(answer).toMatchObject({ ok: true, status: 'settled' });
      const clownfish = FISHING_96.fish.find((fish) => fish.id === 'clownfish')!;
      const caught = fairRng(seedsOf(answer.proof)).int(CATCH_SCALE) < catchChance(clownfish, FISHING_96);
      expect(answer.view).toEqual({ fish: 'clownfish', caught, multiplier: caught ? 4 : 0, win: caught ? 800 : 0 });
      net += answer.win - 200;
    }
    const after = await session(sessionId);
    expect(after.balance).toBe(before.balance! + net);
    expect(after.history).toHaveLength(5);
  });

  it('refuses a shot at no fish, before any bet', async () => {
    const sessionId = await launch('fishing-97-bangus');
    const refused = await call('start', { sessionId, bet: 200, action: { fish: 'mermaid' } });
    expect(refused).toMatchObject({ ok: false, message: 'Aim at a fish to shoot.' });
    expect((await session(sessionId)).history).toHaveLength(0);
  });
});
