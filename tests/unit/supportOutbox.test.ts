import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../src/contract/realtime';
import { ANONYMOUS_CALLER } from '../../src/contract/request';
import type { SupportOutboxUpdate, SupportOutgoing } from '../../src/contract/support';
import { RealtimeCore, type Transport } from '../../workers/realtime/core';
import { type SendOutcome, SupportOutbox, type SupportOutboxStore, memoryOutbox } from '../../workers/realtime/support';

/**
 * The support chat's outbox in the realtime worker (issue 37): what a tab writes is kept on the device
 * until the server has it, sent in order under its client message id, again when the network comes back,
 * and every tab hears the queue; a worker that starts again carries on with what was left.
 */

const message = (n: number, text = `message ${n}`): SupportOutgoing => ({ clientMessageId: `client-${n}-xxxx`, text, context: {}, at: n });

function harness(store: SupportOutboxStore = memoryOutbox()) {
  const sent: { id: string; token: string }[] = [];
  let network = true;
  let refuse: SendOutcome | undefined;
  const timers: (() => void)[] = [];
  let token = 'token-a';
  const outbox = new SupportOutbox({
    store,
    context: () => ({ ...ANONYMOUS_CALLER, token }),
    setTimeout: (fn) => timers.push(fn),
    send: async (item, context) => {
      if (!network) return { kind: 'network' };
      if (refuse) return refuse;
      sent.push({ id: item.clientMessageId, token: context.token });
      return {
        kind: 'sent',
        message: {
          id: sent.length,
          conversationId: 'c'.repeat(22),
          author: 'player',
          text: item.text,
          createdAt: new Date(0).toISOString(),
        },
        conversation: { id: 'c'.repeat(22), status: 'open', unread: 0, createdAt: new Date(0).toISOString() },
      };
    },
  });
  const heard: SupportOutboxUpdate[] = [];
  outbox.watch(1, 'tab-1', (update) => heard.push(update));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    outbox,
    sent,
    heard,
    settle,
    store,
    offline: () => (network = false),
    online: () => (network = true),
    refuse: (outcome: SendOutcome | undefined) => (refuse = outcome),
    setToken: (next: string) => (token = next),
    runTimers: () => timers.splice(0).forEach((fn) => fn()),
  };
}

describe('the support outbox', () => {
  it('sends in the order written, once per client message id, and tells every tab what the server stored', async () => {
    const h = harness();
    await h.outbox.add(message(1));
    await h.outbox.add(message(2));
    await h.outbox.add(message(1));
    await h.outbox.flush();
    await h.settle();
    expect(h.sent.map((s) => s.id)).toEqual(['client-1-xxxx', 'client-2-xxxx']);
    expect(h.heard.filter((u) => u.sent).map((u) => u.sent!.clientMessageId)).toEqual(['client-1-xxxx', 'client-2-xxxx']);
    expect(h.heard.at(-1)!.items).toEqual([]);
    expect(await h.store.all()).toEqual([]);
  });

  it('keeps what it could not send on the device, in order, and sends it when the network is back', async () => {
    const h = harness();
    h.offline();
    await h.outbox.add(message(1));
    await h.outbox.add(message(2));
    await h.outbox.flush();
    await h.settle();
    expect(h.sent).toEqual([]);
    expect(h.heard.at(-1)!.items.map((i) => [i.clientMessageId, i.state])).toEqual([
      ['client-1-xxxx', 'queued'],
      ['client-2-xxxx', 'queued'],
    ]);
    expect((await h.store.all()).map((i) => i.clientMessageId)).toEqual(['client-1-xxxx', 'client-2-xxxx']);
    // A retry while still offline sends nothing; the socket back sends both, in order.
    h.runTimers();
    await h.settle();
    expect(h.sent).toEqual([]);
    h.online();
    h.outbox.online();
    await h.outbox.flush();
    await h.settle();
    expect(h.sent.map((s) => s.id)).toEqual(['client-1-xxxx', 'client-2-xxxx']);
  });

  it('carries on after the worker starts again: what was left (even mid-send) goes, under the token it was written with', async () => {
    const store = memoryOutbox();
    const first = harness(store);
    first.offline();
    await first.outbox.add(message(1));
    await first.outbox.flush();
    await store.put({ ...(await store.all())[0]!, state: 'sending' });
    const second = harness(store);
    second.setToken('token-b');
    await second.outbox.flush();
    await second.settle();
    expect(second.sent).toEqual([{ id: 'client-1-xxxx', token: 'token-a' }]);
  });

  it('shows a refused message with the server’s words; sent again it goes under the current session', async () => {
    const h = harness();
    h.refuse({ kind: 'session', error: 'Your session is not valid.' });
    await h.outbox.add(message(1));
    await h.outbox.flush();
    await h.settle();
    expect(h.heard.at(-1)!.items).toEqual([expect.objectContaining({ state: 'failed', error: 'Your session is not valid.' })]);
    h.refuse(undefined);
    h.setToken('token-b');
    await h.outbox.retry('client-1-xxxx');
    await h.outbox.flush();
    await h.settle();
    expect(h.sent).toEqual([{ id: 'client-1-xxxx', token: 'token-b' }]);
    await h.outbox.add(message(2));
    h.refuse({ kind: 'refused', error: 'Not a picture' });
    await h.outbox.add(message(3));
    await h.outbox.flush();
    await h.settle();
    await h.outbox.discard('client-3-xxxx');
    expect(h.heard.at(-1)!.items).toEqual([]);
  });
});

describe('the realtime core and the outbox', () => {
  it('sends what waits as soon as the socket is back, and gives every tab the queue', async () => {
    const statusListeners: ((status: ConnectionStatus) => void)[] = [];
    const transport: Transport = {
      subscribe: () => () => undefined,
      publish: () => true,
      setToken: () => undefined,
      onStatus: (listener) => statusListeners.push(listener),
      start: () => undefined,
    };
    let network = false;
    const sent: string[] = [];
    const core = new RealtimeCore({
      transport,
      snapshots: { list: () => Promise.reject(new Error('none')), match: () => Promise.reject(new Error('none')) },
      now: () => 0,
      setInterval: () => 1,
      clearInterval: () => undefined,
      setTimeout: () => 1,
      support: {
        store: memoryOutbox(),
        send: async (item) => {
          if (!network) return { kind: 'network' };
          sent.push(item.clientMessageId);
          return {
            kind: 'sent',
            message: { id: 1, conversationId: 'c'.repeat(22), author: 'player', text: item.text, createdAt: new Date(0).toISOString() },
            conversation: { id: 'c'.repeat(22), status: 'open', unread: 0, createdAt: new Date(0).toISOString() },
          };
        },
      },
    });
    const [tabA, tabB] = [core.client(), core.client()];
    const seenA: SupportOutboxUpdate[] = [];
    const seenB: SupportOutboxUpdate[] = [];
    await tabA.watchSupportOutbox((update) => seenA.push(update));
    await tabB.watchSupportOutbox((update) => seenB.push(update));
    statusListeners.forEach((listener) => listener('reconnecting'));
    await tabA.sendSupport(message(1, 'written offline'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seenB.at(-1)!.items.map((i) => i.text)).toEqual(['written offline']);
    network = true;
    statusListeners.forEach((listener) => listener('online'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual(['client-1-xxxx']);
    expect(seenA.at(-1)!.items).toEqual([]);
    expect(seenB.some((u) => u.sent?.clientMessageId === 'client-1-xxxx')).toBe(true);
  });
});
