import type { RealtimeContext } from '../../src/contract/realtime';
import type {
  SupportConversation,
  SupportMessage,
  SupportOutboxItem,
  SupportOutboxUpdate,
  SupportOutgoing,
} from '../../src/contract/support';

/**
 * The support chat's outbox (issue 37): every message a tab writes goes here first, kept on the device
 * (IndexedDB) until the server has it, so it survives a reload, a closed tab and no network. The worker
 * sends the queue in the order it was written, one at a time, under each message's own client message id
 * (the server stores a message once however often it arrives): at once, again when the socket comes back,
 * and with a growing pause while the network is gone. Every tab hears the queue (one worker serves them
 * all), so a message written in one tab shows as waiting in each.
 */

/** A queued message with the session token it was written under (it is sent as that session's). */
export interface StoredOutgoing extends SupportOutboxItem {
  token: string;
}

export interface SupportOutboxStore {
  all(): Promise<StoredOutgoing[]>;
  put(item: StoredOutgoing): Promise<void>;
  remove(clientMessageId: string): Promise<void>;
}

export type SendOutcome =
  | { kind: 'sent'; message: SupportMessage; conversation: SupportConversation }
  /** No answer (no network, a timeout, the server busy): it waits and goes again. */
  | { kind: 'network' }
  /** The session it was written under has ended (a logout, a login): the player may send it again. */
  | { kind: 'session'; error: string }
  /** The server refused it (a picture it cannot read, a reference not the player's): shown with the words. */
  | { kind: 'refused'; error: string };

export type SupportSender = (item: SupportOutgoing, context: RealtimeContext) => Promise<SendOutcome>;

export interface SupportOutboxDeps {
  store: SupportOutboxStore;
  send: SupportSender;
  /** The worker's current caller (the token a message written now is kept under). */
  context: () => RealtimeContext;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

/** Pauses between tries while the network is gone: 2 s, 5 s, 10 s, then every 30 s (the socket coming back tries at once). */
const RETRY_MS = [2_000, 5_000, 10_000, 30_000];

export class SupportOutbox {
  private items: StoredOutgoing[] = [];
  private readonly listeners = new Map<number, { tabId: string; send: (update: SupportOutboxUpdate) => void }>();
  private loaded: Promise<void> | undefined;
  private sending = false;
  private again = false;
  private failures = 0;
  private retryAt: unknown = null;
  /** Client message ids the server has stored lately: the same message added again is not sent again. */
  private readonly stored = new Set<string>();

  constructor(private readonly deps: SupportOutboxDeps) {}

  /** The device's queue, read once (a reload or a new worker carries on where the last one stopped). */
  private load(): Promise<void> {
    this.loaded ??= this.deps.store
      .all()
      .then((stored) => {
        const written = new Set(this.items.map((item) => item.clientMessageId));
        // What a send left 'sending' when the worker stopped is simply queued again.
        const kept = stored
          .filter((item) => !written.has(item.clientMessageId))
          .map((item) => ({ ...item, state: item.state === 'failed' ? 'failed' : 'queued' }) as StoredOutgoing);
        this.items = [...kept, ...this.items].sort((a, b) => a.at - b.at);
      })
      .catch(() => undefined);
    return this.loaded;
  }

  watch(id: number, tabId: string, send: (update: SupportOutboxUpdate) => void): void {
    this.listeners.set(id, { tabId, send });
    void this.load().then(() => send({ items: this.view() }));
    void this.flush();
  }

  /** Ends a tab's watch; answers its callback (to release), undefined when the id is not a watch of the outbox. */
  unwatch(id: number): ((update: SupportOutboxUpdate) => void) | undefined {
    const listener = this.listeners.get(id);
    this.listeners.delete(id);
    return listener?.send;
  }

  /** The tab's watches' callbacks, gone with the tab. */
  disconnectTab(tabId: string): ((update: SupportOutboxUpdate) => void)[] {
    const gone: ((update: SupportOutboxUpdate) => void)[] = [];
    for (const [id, listener] of this.listeners) {
      if (listener.tabId !== tabId) continue;
      this.listeners.delete(id);
      gone.push(listener.send);
    }
    return gone;
  }

  async add(message: SupportOutgoing): Promise<void> {
    await this.load();
    if (this.stored.has(message.clientMessageId) || this.items.some((item) => item.clientMessageId === message.clientMessageId)) return;
    const item: StoredOutgoing = { ...message, state: 'queued', token: this.deps.context().token };
    this.items.push(item);
    await this.deps.store.put(item).catch(() => undefined);
    this.tell();
    this.failures = 0;
    void this.flush();
  }

  /** A refused message, sent again (under the session the worker has now). */
  async retry(clientMessageId: string): Promise<void> {
    await this.load();
    const item = this.items.find((each) => each.clientMessageId === clientMessageId);
    if (!item) return;
    const { error: _error, ...rest } = item;
    const queued: StoredOutgoing = { ...rest, state: 'queued', token: this.deps.context().token };
    this.replace(queued);
    await this.deps.store.put(queued).catch(() => undefined);
    this.tell();
    void this.flush();
  }

  async discard(clientMessageId: string): Promise<void> {
    await this.load();
    this.items = this.items.filter((item) => item.clientMessageId !== clientMessageId);
    await this.deps.store.remove(clientMessageId).catch(() => undefined);
    this.tell();
  }

  /** The network is back (the socket reconnected): what waits goes now. */
  online(): void {
    this.failures = 0;
    void this.flush();
  }

  /** Sends the queue in order, one at a time; asked again while it runs, it runs once more after. */
  async flush(): Promise<void> {
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = true;
    try {
      await this.load();
      do {
        this.again = false;
        await this.sendQueued();
      } while (this.again);
    } finally {
      this.sending = false;
    }
  }

  private async sendQueued(): Promise<void> {
    for (;;) {
      const item = this.items.find((each) => each.state === 'queued');
      if (!item) return;
      this.replace({ ...item, state: 'sending' });
      this.tell();
      const { token, state: _state, error: _error, ...message } = item;
      const outcome = await this.deps.send(message, { ...this.deps.context(), token }).catch((): SendOutcome => ({ kind: 'network' }));
      if (outcome.kind === 'network') {
        this.replace({ ...item, state: 'queued' });
        this.tell();
        this.later();
        return;
      }
      this.failures = 0;
      if (outcome.kind === 'sent') {
        this.stored.add(item.clientMessageId);
        if (this.stored.size > 500) this.stored.delete(this.stored.values().next().value!);
        this.items = this.items.filter((each) => each.clientMessageId !== item.clientMessageId);
        await this.deps.store.remove(item.clientMessageId).catch(() => undefined);
        this.tell({ clientMessageId: item.clientMessageId, message: outcome.message, conversation: outcome.conversation });
      } else {
        const failed: StoredOutgoing = { ...item, state: 'failed', error: outcome.error };
        this.replace(failed);
        await this.deps.store.put(failed).catch(() => undefined);
        this.tell();
      }
    }
  }

  private later(): void {
    if (this.retryAt !== null) return;
    const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)]!;
    this.failures += 1;
    this.retryAt = this.deps.setTimeout(() => {
      this.retryAt = null;
      void this.flush();
    }, wait);
  }

  private replace(next: StoredOutgoing): void {
    this.items = this.items.map((item) => (item.clientMessageId === next.clientMessageId ? next : item));
  }

  /** What the tabs see: the queue without the tokens. */
  private view(): SupportOutboxItem[] {
    return this.items.map(({ token: _token, ...item }) => item);
  }

  private tell(sent?: SupportOutboxUpdate['sent']): void {
    const update: SupportOutboxUpdate = { items: this.view(), ...(sent ? { sent } : {}) };
    for (const listener of this.listeners.values()) listener.send(update);
  }
}

/** A queue that lives as long as the worker (tests, and a device without IndexedDB). */
export function memoryOutbox(): SupportOutboxStore {
  const items = new Map<string, StoredOutgoing>();
  return {
    all: async () => [...items.values()],
    put: async (item) => void items.set(item.clientMessageId, item),
    remove: async (clientMessageId) => void items.delete(clientMessageId),
  };
}
