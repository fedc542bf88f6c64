import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_LIVE_SCRIPT, LIVE_SINCE_ID } from '../../server/plugins/earlyLive';

/**
 * The page's own socket before the app runs (server/plugins/earlyLive.ts), run in jsdom against drawn
 * rows as the server writes them (server/plugins/firstRows.ts) and a socket we speak STOMP through.
 */
class FakeSocket {
  static last: FakeSocket | undefined;
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.last = this;
  }
  send(frame: string) {
    this.sent.push(frame);
  }
  close() {
    this.closed = true;
    this.onclose?.();
  }
  receive(...frames: string[]) {
    this.onmessage?.({ data: frames.map((frame) => `${frame}\u0000`).join('\n') });
  }
}

const priceButton = (marketId: string, key: string, price: number) =>
  `<button type="button" aria-label="Home ${price.toFixed(2)}" data-testid="price" data-market="${marketId}" data-key="${key}"><span>Home</span><span data-price="${price}">${price.toFixed(2)}</span></button>`;

const message = (destination: string, body: unknown) =>
  `MESSAGE\nsubscription:early-0\ndestination:${destination}\nseq:1\n\n${JSON.stringify(body)}`;

type Live = { prices: Record<string, number>; deltas: Record<string, unknown[]>; held?: boolean; stop(): void; stopped?: number };
const live = () => (window as unknown as { __panaloLive?: Live }).__panaloLive;

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  document.head.innerHTML = `<script type="application/json" id="${LIVE_SINCE_ID}">{"/topic/sport/1":40,"/topic/sport/2":7}</script>`;
  document.body.innerHTML = `<div data-first-rows="">${priceButton('k1', 'h', 1.95)}${priceButton('k1', 'a', 1.85)}</div>`;
  new Function(EARLY_LIVE_SCRIPT)();
});

afterEach(() => {
  live()?.stop();
  delete (window as unknown as { __panaloLive?: Live }).__panaloLive;
  vi.unstubAllGlobals();
});

describe('the early live prices', () => {
  it('connects as a visitor and subscribes to each list from the seq its snapshots stand at, in one flight', () => {
    const socket = FakeSocket.last!;
    expect(socket.url).toBe(`ws://${location.host}/ws`);
    expect(socket.protocols).toEqual(['v12.stomp']);
    socket.onopen?.();
    expect(socket.sent).toEqual([
      'CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\u0000' +
        'SUBSCRIBE\nid:early-0\ndestination:/topic/sport/1\nsince:40\n\n\u0000' +
        'SUBSCRIBE\nid:early-1\ndestination:/topic/sport/2\nsince:7\n\n\u0000',
    ]);
  });

  it('writes a new price into the drawn row as the app shows it, and keeps every delta for the app', () => {
    const socket = FakeSocket.last!;
    const replay = {
      seq: 43,
      from: 41,
      ts: 1,
      changes: [
        { t: 'price', marketId: 'k1', key: 'h', price: 2.1 },
        { t: 'live', matchId: 'm1', live: {} },
      ],
    };
    socket.receive('CONNECTED\n\n', message('/topic/sport/1', replay));
    const home = document.querySelector('[data-key=h]')!;
    expect(home.querySelector('[data-price]')?.getAttribute('data-price')).toBe('2.1');
    expect(home.querySelector('[data-price]')?.textContent).toBe('2.10');
    expect(home.getAttribute('aria-label')).toBe('Home 2.10');
    expect(document.querySelector('[data-key=a] [data-price]')?.textContent).toBe('1.85');
    expect(live()?.prices).toEqual({ 'k1|h': 2.1 });
    expect(live()?.deltas).toEqual({ '/topic/sport/1': [replay] });
  });

  it('leaves a locked price, other destinations and the rows the app draws to the app', () => {
    const socket = FakeSocket.last!;
    socket.receive(message('/topic/sport/1', { seq: 41, ts: 1, changes: [{ t: 'price', marketId: 'k1', key: 'h', price: 1 }] }));
    expect(document.querySelector('[data-key=h] [data-price]')?.textContent).toBe('1.95');
    socket.receive(message('/topic/sport/9', { seq: 5, ts: 1, changes: [{ t: 'price', marketId: 'k1', key: 'a', price: 3 }] }));
    expect(live()?.deltas['/topic/sport/9']).toBeUndefined();
    live()!.held = true;
    socket.receive(message('/topic/sport/1', { seq: 42, ts: 1, changes: [{ t: 'price', marketId: 'k1', key: 'a', price: 2.4 }] }));
    expect(document.querySelector('[data-key=a] [data-price]')?.textContent).toBe('1.85');
    expect(live()?.prices['k1|a']).toBe(2.4);
  });

  it('closes its socket when the app takes over, and hears nothing after', () => {
    const socket = FakeSocket.last!;
    live()!.stop();
    expect(socket.closed).toBe(true);
    socket.receive(message('/topic/sport/1', { seq: 41, ts: 1, changes: [{ t: 'price', marketId: 'k1', key: 'h', price: 2.2 }] }));
    expect(live()?.prices).toEqual({});
  });
});
