// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CLAIM_WINDOW_MS, agentCashOutSimulator, agentCashOutVerifier } from '../../server/providers/agents/cashOut';
import { memorySimulatorStore } from '../../server/providers/payments/store';

const SECRET = 'agent-test-secret';

function harness() {
  let now = Date.UTC(2026, 10, 23, 2, 0, 0);
  const sent: { headers: Record<string, string>; body: string }[] = [];
  let answer = 200;
  const agent = agentCashOutSimulator({
    store: memorySimulatorStore(),
    clock: () => now,
    secret: SECRET,
    send: async (request) => {
      sent.push(request);
      return answer;
    },
  });
  return {
    agent,
    sent,
    at: () => now,
    advance: (ms: number) => (now += ms),
    answer: (status: number) => (answer = status),
  };
}

const request = {
  amount: 50_000,
  reference: 'WD1',
  idempotencyKey: 'wd-WD1',
  destination: { channel: 'bank' as const, accountNumber: 'WD1', accountName: 'store cash-out' },
};

describe('agent cash-out simulator', () => {
  it('gives a claim code once per key, and a signed callback when the cashier hands out the cash', async () => {
    const h = harness();
    const payout = await h.agent.createPayout(request);
    expect(payout).toMatchObject({ status: 'pending', amount: 50_000, reference: 'WD1' });
    expect(payout.claimCode).toMatch(/^\d{12}$/);
    expect((await h.agent.createPayout(request)).payoutId).toBe(payout.payoutId);

    expect(await h.agent.claim('999999999999')).toEqual({ result: 'unknown' });
    expect(await h.agent.claim(payout.claimCode!)).toEqual({ result: 'claimed', amount: 50_000 });
    expect(await h.agent.claim(payout.claimCode!)).toEqual({ result: 'already' });
    await h.agent.tick(h.at());
    expect(h.sent).toHaveLength(1);
    const verdict = agentCashOutVerifier(SECRET).verify(h.sent[0]!.headers, h.sent[0]!.body, h.at());
    expect(verdict).toMatchObject({
      ok: true,
      event: { kind: 'payout', payoutId: payout.payoutId, reference: 'WD1', status: 'succeeded', amount: 50_000 },
    });
    expect(agentCashOutVerifier('another-secret').verify(h.sent[0]!.headers, h.sent[0]!.body, h.at())).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    expect(agentCashOutVerifier(SECRET).verify({}, h.sent[0]!.body, h.at())).toEqual({ ok: false, reason: 'no-signature' });
  });

  it('lapses an unclaimed code after 72 hours as a failure, retrying the callback until it is answered', async () => {
    const h = harness();
    const payout = await h.agent.createPayout(request);
    h.answer(503);
    h.advance(CLAIM_WINDOW_MS);
    await h.agent.tick(h.at());
    await h.agent.tick(h.at());
    expect(h.sent).toHaveLength(1);
    expect(await h.agent.claim(payout.claimCode!)).toEqual({ result: 'expired' });
    h.answer(200);
    h.advance(30_000);
    await h.agent.tick(h.at());
    expect(h.sent).toHaveLength(2);
    const verdict = agentCashOutVerifier(SECRET).verify(h.sent[1]!.headers, h.sent[1]!.body, h.at());
    expect(verdict).toMatchObject({ ok: true, event: { status: 'failed', failureCode: 'UNCLAIMED' } });
    expect(await h.agent.queryPayout(payout.payoutId)).toMatchObject({ status: 'failed', failureCode: 'UNCLAIMED' });
  });
});
