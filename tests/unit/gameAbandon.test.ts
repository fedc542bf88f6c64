import { describe, expect, it } from 'vitest';
import { CRASH_97, crashEngine, drawCrash } from '../../server/providers/games/engines/crash';
import { JACKS_9_6, videoPokerEngine } from '../../server/providers/games/engines/videoPoker';
import { fairRng } from '../../server/providers/games/fair';
import { ABANDONED_ELAPSED_MS } from '../../server/providers/games/runtime';

/** What the abandoned-round sweep does to a round the player left: the engine's `abandon` action, past every timer. */

const seeds = (nonce: number) => ({ serverSeed: 'f'.repeat(64), clientSeed: 'abandon-test', nonce });

describe('abandon', () => {
  it('video poker stands on the dealt hand and pays it', () => {
    for (let nonce = 0; nonce < 200; nonce += 1) {
      const rng = fairRng(seeds(nonce));
      const dealt = videoPokerEngine.start({ bet: 100, params: JACKS_9_6, rng, action: {} });
      const action = videoPokerEngine.abandon!({ bet: 100, params: JACKS_9_6, state: dealt.state });
      const step = videoPokerEngine.act!({ bet: 100, params: JACKS_9_6, rng, state: dealt.state, action, elapsedMs: ABANDONED_ELAPSED_MS });
      const view = dealt.view as { cards: string[]; pay: number };
      expect(step.settled?.win).toBe(100 * view.pay);
      expect((step.view as { cards: string[] }).cards).toEqual(view.cards);
    }
  });

  it('crash flies to its end: the auto cash-out if the crash point reached it, the cap without one, else crashed', () => {
    for (let nonce = 0; nonce < 500; nonce += 1) {
      const target = nonce % 2 ? 1.5 : null;
      const crash = drawCrash(fairRng(seeds(nonce)), CRASH_97);
      const rng = fairRng(seeds(nonce));
      const started = crashEngine.start({ bet: 1_000, params: CRASH_97, rng, action: { target } });
      if (started.settled) {
        expect(crash).toBeLessThan(100);
        continue;
      }
      const action = crashEngine.abandon!({ bet: 1_000, params: CRASH_97, state: started.state });
      const step = crashEngine.act!({ bet: 1_000, params: CRASH_97, rng, state: started.state, action, elapsedMs: ABANDONED_ELAPSED_MS });
      const expected = target ? (crash >= 150 ? 1_500 : 0) : crash >= CRASH_97.capHundredths ? 1_000_000 : 0;
      expect(step.settled?.win).toBe(expected);
    }
  });
});
