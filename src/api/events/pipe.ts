import { type AnalyticsConsent, EVENT_BATCH_SIZE, type WireEvent, classOf } from '../../contract/events';
import type { Timers } from '../../lib/timers';

/**
 * The event pipe (issue 39): events wait on the device (an EventStore: IndexedDB in the page) and leave
 * in batches, at most one request every `intervalMs`, only while online; a batch leaves the store only
 * once the server has it (the server keeps each event id once, so a batch sent twice is harmless).
 * Optional events follow the player's choice: held in memory while it is unset, dropped when refused
 * (and those waiting dropped with it), so with analytics refused no optional event leaves the device.
 * `add` is synchronous and does no work beyond a push: the store and the network are in later tasks.
 */

export interface EventStore {
  /** Events waiting, oldest first. */
  all(): Promise<WireEvent[]>;
  add(events: readonly WireEvent[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
}

export interface EventTransport {
  /** Sends a batch; resolves when the server has stored it, rejects when it did not answer. */
  send(events: readonly WireEvent[], consent: AnalyticsConsent): Promise<void>;
  /** Hands a batch to the browser as the page goes away (navigator.sendBeacon); false when refused. */
  beacon(events: readonly WireEvent[], consent: AnalyticsConsent): boolean;
}

export interface PipeOptions {
  store: EventStore;
  transport: EventTransport;
  timers: Timers;
  consent: () => AnalyticsConsent;
  online: () => boolean;
  /** At most one request per this long (default 4 s). */
  intervalMs?: number;
  batchSize?: number;
  /** Events held in memory at most (the oldest go first past it). */
  maxHeld?: number;
}

export const SEND_INTERVAL_MS = 4_000;
const MAX_HELD = 1_000;

export class EventPipe {
  /** What waits to be sent, oldest first (mirrored in the store). */
  private queue: WireEvent[] = [];
  /** Optional events made before the player chose. */
  private undecided: WireEvent[] = [];
  private toStore: WireEvent[] = [];
  private readonly ids = new Set<string>();
  private timer: ReturnType<Timers['setTimeout']> | undefined;
  private persisting: ReturnType<Timers['setTimeout']> | undefined;
  private inFlight = false;
  private lastSent = Number.NEGATIVE_INFINITY;
  private loaded: Promise<void>;

  constructor(private readonly options: PipeOptions) {
    this.loaded = options.store
      .all()
      .then((stored) => {
        for (const event of stored) this.enqueue(event, false);
        this.schedule();
      })
      .catch(() => undefined);
  }

  private get interval() {
    return this.options.intervalMs ?? SEND_INTERVAL_MS;
  }

  /** Records an event: a push, nothing else now. */
  add(event: WireEvent): void {
    if (classOf(event.kind) === 'analytics') {
      const consent = this.options.consent();
      if (consent === 'denied') return;
      if (consent === 'unset') {
        this.undecided.push(event);
        if (this.undecided.length > (this.options.maxHeld ?? MAX_HELD)) this.undecided.shift();
        return;
      }
    }
    this.enqueue(event, true);
    this.schedule();
  }

  /** The player chose: what was held goes (granted) or is forgotten with what waits (denied). */
  consentChanged(): void {
    const consent = this.options.consent();
    if (consent === 'granted') {
      const held = this.undecided;
      this.undecided = [];
      for (const event of held) this.enqueue(event, true);
    } else if (consent === 'denied') {
      this.undecided = [];
      const optional = this.queue.filter((event) => classOf(event.kind) === 'analytics');
      this.drop(optional.map((event) => event.id));
    }
    this.schedule();
  }

  /** The link is back: send soon (still no more than one request per interval). */
  onlineAgain(): void {
    this.schedule();
  }

  /** The page is being hidden: hand what waits to the browser in one beacon. */
  pageHidden(): void {
    if (!this.options.online() || this.queue.length === 0) return;
    const batch = this.queue.slice(0, this.options.batchSize ?? EVENT_BATCH_SIZE);
    if (this.options.transport.beacon(batch, this.options.consent())) this.drop(batch.map((event) => event.id));
  }

  /** How many events wait to be sent (tests, the development page). */
  get waiting(): number {
    return this.queue.length + this.undecided.length;
  }

  /** Resolves once what the store held at start is queued (tests). */
  ready(): Promise<void> {
    return this.loaded;
  }

  private enqueue(event: WireEvent, persist: boolean): void {
    if (this.ids.has(event.id)) return;
    this.ids.add(event.id);
    this.queue.push(event);
    if (this.queue.length > (this.options.maxHeld ?? MAX_HELD)) this.drop([this.queue[0]!.id]);
    if (persist) {
      this.toStore.push(event);
      this.persisting ??= this.options.timers.setTimeout(() => this.persist(), 0);
    }
  }

  private persist(): void {
    this.persisting = undefined;
    const events = this.toStore;
    this.toStore = [];
    void this.options.store.add(events).catch(() => undefined);
  }

  private drop(ids: readonly string[]): void {
    if (ids.length === 0) return;
    const gone = new Set(ids);
    this.queue = this.queue.filter((event) => !gone.has(event.id));
    this.toStore = this.toStore.filter((event) => !gone.has(event.id));
    // The ids stay known: an event delivered is never queued again in this page's life.
    void this.options.store.remove(ids).catch(() => undefined);
  }

  private schedule(): void {
    if (this.timer !== undefined || this.inFlight || this.queue.length === 0) return;
    const wait = Math.max(0, this.lastSent + this.interval - this.now());
    this.timer = this.options.timers.setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, wait);
  }

  private now(): number {
    return Date.now();
  }

  private async flush(): Promise<void> {
    if (this.inFlight || this.queue.length === 0) return;
    if (!this.options.online()) return; // onlineAgain() schedules the next try
    this.inFlight = true;
    this.lastSent = this.now();
    const batch = this.queue.slice(0, this.options.batchSize ?? EVENT_BATCH_SIZE);
    try {
      await this.options.transport.send(batch, this.options.consent());
      this.drop(batch.map((event) => event.id));
    } catch {
      // Kept: the next interval tries again.
    } finally {
      this.inFlight = false;
      this.schedule();
    }
  }
}
