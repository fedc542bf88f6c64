import type { AgentCashOutRecord } from '../agents/cashOut';
import type { HostAccessToken, HostAuthCode, HostPaymentRecord, MayaAccessToken } from '../hosts/records';
import type { OidcSimCode, OidcSimKey } from '../oidc/simulator';
import type { DevPushBrowser } from '../push/devEndpoint';
import type { SimCheckout, SimPayout, WebhookDelivery, ChannelSwitch } from './records';

/**
 * Where the payment simulators keep everything: checkouts, payouts, webhook deliveries waiting for their
 * next attempt and the outage switches. It must survive a restart and be shared by every instance, so the
 * server uses a Postgres implementation (table payment_sim_records, one row per record, `data` as jsonb);
 * the in-memory one is for unit tests. Records are plain JSON.
 */
export interface SimulatorRecords {
  checkout: SimCheckout;
  payout: SimPayout;
  delivery: WebhookDelivery;
  channel: ChannelSwitch;
  /** Store cash-outs of the agent simulator (server/providers/agents/cashOut.ts). */
  agentCashOut: AgentCashOutRecord;
  /** The super-app host simulator (server/providers/hosts/gcashHost.ts): auth codes, tokens, payments. */
  hostAuthCode: HostAuthCode;
  hostToken: HostAccessToken;
  hostPayment: HostPaymentRecord;
  /** The wallet mini-app host simulator (server/providers/hosts/mayaHost.ts): its access tokens. */
  mayaToken: MayaAccessToken;
  /** The OpenID Connect providers' simulator (server/providers/oidc): authorization codes, signing keys. */
  oidcCode: OidcSimCode;
  oidcKey: OidcSimKey;
  /** The development push service (server/providers/push/devEndpoint.ts): a browser's keys and what it received. */
  pushBrowser: DevPushBrowser;
}
export type RecordKind = keyof SimulatorRecords;

export interface StoredRecord<K extends RecordKind> {
  id: string;
  /** When a job has something to do with it (expire, settle, deliver); null when nothing. */
  dueAt: number | null;
  data: SimulatorRecords[K];
}

export interface SimulatorStore {
  /**
   * Adds a record unless one of the same kind has this id or idempotency key; answers the stored one
   * either way, and whether it is new.
   */
  insert<K extends RecordKind>(
    kind: K,
    record: StoredRecord<K> & { idempotencyKey?: string },
  ): Promise<{ record: StoredRecord<K>; created: boolean }>;
  get<K extends RecordKind>(kind: K, id: string): Promise<StoredRecord<K> | undefined>;
  put<K extends RecordKind>(kind: K, record: StoredRecord<K>): Promise<void>;
  /** Records due at `now`, earliest first (SELECT … WHERE due_at <= now ORDER BY due_at, id LIMIT n). */
  due<K extends RecordKind>(kind: K, now: number, limit: number): Promise<StoredRecord<K>[]>;
  /**
   * Runs `work` as one transaction: all its writes land or none (Postgres: BEGIN … COMMIT, reading rows
   * FOR UPDATE). A state change and the webhooks it sends are written together, so a crash never loses
   * or invents an event.
   */
  transaction<T>(work: (store: SimulatorStore) => Promise<T>): Promise<T>;
}

type Table = Map<string, StoredRecord<RecordKind> & { idempotencyKey?: string }>;

/** For unit tests: the same rules, in one process. Transactions run one at a time and roll back on a throw. */
export function memorySimulatorStore(): SimulatorStore {
  let tables = new Map<RecordKind, Table>();
  let queue: Promise<unknown> = Promise.resolve();
  const table = (kind: RecordKind): Table => {
    let rows = tables.get(kind);
    if (!rows) tables.set(kind, (rows = new Map()));
    return rows;
  };
  const copy = <T>(value: T): T => structuredClone(value);

  const store: SimulatorStore = {
    async insert(kind, record) {
      const rows = table(kind);
      const existing =
        rows.get(record.id) ??
        (record.idempotencyKey ? [...rows.values()].find((row) => row.idempotencyKey === record.idempotencyKey) : undefined);
      if (existing) return { record: copy(existing) as never, created: false };
      rows.set(record.id, copy(record));
      return { record: copy(record), created: true };
    },
    async get(kind, id) {
      const row = table(kind).get(id);
      return row ? (copy(row) as never) : undefined;
    },
    async put(kind, record) {
      const rows = table(kind);
      const before = rows.get(record.id);
      rows.set(record.id, { ...copy(record), idempotencyKey: before?.idempotencyKey });
    },
    async due(kind, now, limit) {
      return [...table(kind).values()]
        .filter((row) => row.dueAt !== null && row.dueAt <= now)
        .sort((a, b) => a.dueAt! - b.dueAt! || (a.id < b.id ? -1 : 1))
        .slice(0, limit)
        .map((row) => copy(row) as never);
    },
    transaction(work) {
      const run = queue.then(async () => {
        const saved = copy(tables);
        // Inside a transaction, a nested one is part of it (no second lock to wait for).
        const inside: SimulatorStore = { ...store, transaction: (nested) => nested(inside) };
        try {
          return await work(inside);
        } catch (error) {
          tables = saved;
          throw error;
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
  return store;
}
