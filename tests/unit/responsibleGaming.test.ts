// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { behaviourFor } from '../../src/api/catalogue';
import { GatewayCode } from '../../src/contract/errorCodes';
import { GameCategory } from '../../src/contract/gameConstants';
import { periodEnd, rgCategoryOfGame, windowStart } from '../../src/contract/responsibleGaming';
import { SLOT_MIN_SPIN_MS, slotEngine } from '../../server/providers/games/engines/slot';
import { manilaText } from '../../server/modules/responsibleGaming/service';

/** The pure parts of responsible gaming: the windows limits count in, the periods, the app's reaction, the slot's rules. */

const at = (iso: string) => Date.parse(iso);

describe('limit windows', () => {
  it('starts a day at Manila midnight (16:00 UTC), to the millisecond', () => {
    expect(windowStart('day', at('2026-03-10T15:59:59.999Z'))).toBe(at('2026-03-09T16:00:00.000Z'));
    expect(windowStart('day', at('2026-03-10T16:00:00.000Z'))).toBe(at('2026-03-10T16:00:00.000Z'));
    expect(windowStart('day', at('2026-03-10T23:30:00.000Z'))).toBe(at('2026-03-10T16:00:00.000Z'));
  });

  it('counts 7 and 30 days back from now, whatever the clock says', () => {
    const now = at('2026-03-10T15:59:59.999Z');
    expect(windowStart('week', now)).toBe(now - 7 * 86_400_000);
    expect(windowStart('month', now)).toBe(now - 30 * 86_400_000);
  });

  it('says times in Manila', () => {
    expect(manilaText(at('2026-03-10T16:00:00Z'))).toBe('Mar 11, 2026, 00:00');
  });
});

describe('periods', () => {
  it('ends breaks by days and weeks, exclusions by calendar months and years', () => {
    const from = at('2026-01-31T10:00:00Z');
    expect(periodEnd(from, '1d')).toBe(at('2026-02-01T10:00:00Z'));
    expect(periodEnd(from, '1w')).toBe(at('2026-02-07T10:00:00Z'));
    expect(periodEnd(at('2026-03-15T10:00:00Z'), '6m')).toBe(at('2026-09-15T10:00:00Z'));
    expect(periodEnd(from, '1y')).toBe(at('2027-01-31T10:00:00Z'));
    expect(periodEnd(from, '5y')).toBe(at('2031-01-31T10:00:00Z'));
  });

  it('puts every casino category under one switch', () => {
    expect(rgCategoryOfGame(GameCategory.Slot)).toBe('slots');
    expect(rgCategoryOfGame(GameCategory.Casino)).toBe('liveCasino');
    expect(rgCategoryOfGame(GameCategory.Poker)).toBe('poker');
    expect(rgCategoryOfGame(GameCategory.Arcade)).toBe('fishing');
    expect(rgCategoryOfGame(GameCategory.Bingo)).toBe('bingo');
  });
});

describe('the app’s reaction to a refusal', () => {
  it('shows every rule’s refusal in the server’s words, logs out when the rule ended the session, and sends KYC-first to verification', () => {
    for (const code of [
      GatewayCode.RgDepositLimit,
      GatewayCode.RgOnBreak,
      GatewayCode.RgWithdrawOnlySession,
      GatewayCode.RgExclusionLocked,
    ]) {
      expect(behaviourFor(code, { path: 'deposit/createOnlineOrder', inGame: false })).toEqual({
        kind: 'responsibleGaming',
        endsSession: false,
      });
    }
    expect(behaviourFor(GatewayCode.RgSessionEnded, { path: 'customer/getBalance', inGame: false })).toEqual({
      kind: 'responsibleGaming',
      endsSession: true,
    });
    expect(behaviourFor(GatewayCode.RgKycBeforeDeposit, { path: 'deposit/createOnlineOrder', inGame: false })).toEqual({
      kind: 'kyc',
      need: 'deadline',
    });
  });
});

describe('the slot we run (UK slot design rules)', () => {
  const page = slotEngine.page(null as never);

  it('offers one spin per tap: no autoplay, no turbo or quick spin', () => {
    expect(`${page.html}${page.script}`).not.toMatch(/autoplay|auto-play|turbo|quick ?spin/i);
  });

  it('keeps a spin on screen for at least 2.5 s and celebrates only a win above the stake', () => {
    expect(SLOT_MIN_SPIN_MS).toBeGreaterThanOrEqual(2_500);
    expect(page.script).toContain(`after(${SLOT_MIN_SPIN_MS})`);
    expect(page.script).toContain('answer.win>bet');
  });
});
