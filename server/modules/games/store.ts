import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Database } from '../../db';
import type { GameProvider } from '../../providers/games/types';
import { type CatalogueSnapshot, type GameLists, type GamesSettings, buildLists, loadSnapshot, syncCatalogue } from './catalogue';

/** A chunk's bytes, compressed once. */
export interface EncodedFile {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function encode(text: string): EncodedFile {
  const identity = Buffer.from(text);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** How many built versions each instance keeps, so a browser still loading a version that just changed finds its chunks. */
const KEPT_VERSIONS = 8;

/**
 * Each instance's view of the catalogue: the snapshot read from the database (read again when older
 * than `reloadMs`, so an instance that is not the refresh job's leader follows within seconds), and the
 * lists built from it and the site settings, by version.
 */
export class CatalogueStore {
  private snapshot: { data: CatalogueSnapshot; at: number } | undefined;
  private loading: Promise<CatalogueSnapshot> | undefined;
  /** The start's refresh, which the first readers wait for (bounded). */
  private pending: Promise<void> | undefined;
  private generation = 0;
  private readonly built = new Map<string, { lists: GameLists; files: (EncodedFile | undefined)[] }>();
  private memo: { snapshot: CatalogueSnapshot; settings: string; lists: [GameLists, GameLists] } | undefined;

  constructor(
    private readonly options: {
      db: Database;
      settings: () => GamesSettings;
      log: { warn(obj: object, msg: string): void };
      reloadMs?: number;
    },
  ) {}

  /** Readers wait for `work` (at most `maxMs`) before reading the catalogue: the start's refresh. */
  waitFor(work: Promise<unknown>, maxMs: number): void {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxMs);
      timer.unref();
    });
    const pending = Promise.race([work.then(() => undefined), waited]).finally(() => {
      clearTimeout(timer);
      if (this.pending === pending) this.pending = undefined;
    });
    this.pending = pending;
  }

  async current(): Promise<CatalogueSnapshot> {
    if (this.pending) await this.pending;
    return this.read();
  }

  private read(): Promise<CatalogueSnapshot> {
    const now = Date.now();
    if (this.snapshot && now - this.snapshot.at < (this.options.reloadMs ?? 5_000)) return Promise.resolve(this.snapshot.data);
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = loadSnapshot(this.options.db)
      .then((data) => {
        // A read that began before a refresh must not put the older catalogue back.
        if (generation === this.generation) this.snapshot = { data, at: Date.now() };
        return data;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    this.loading = loading;
    return loading;
  }

  /** Copies the provider's catalogue into the database and reads it back at once. */
  async refresh(provider: GameProvider) {
    const result = await syncCatalogue(this.options.db, provider, this.options.log);
    this.generation += 1;
    this.snapshot = undefined;
    this.loading = undefined;
    await this.read();
    return result;
  }

  /** The public lists (`gray` false) or a gray-listed player's, for the current catalogue and settings. */
  async lists(gray: boolean): Promise<GameLists> {
    const snapshot = await this.current();
    const settings = this.options.settings();
    const key = JSON.stringify([settings.maintenance, settings.grayPlatforms]);
    if (this.memo?.snapshot !== snapshot || this.memo.settings !== key) {
      const lists: [GameLists, GameLists] = [buildLists(snapshot, settings, false), buildLists(snapshot, settings, true)];
      for (const built of lists) this.keep(built);
      this.memo = { snapshot, settings: key, lists };
    }
    return this.memo.lists[gray ? 1 : 0];
  }

  /** A chunk of a version this instance built (building the current ones first); undefined for an unknown one. */
  async chunk(version: string, n: number): Promise<EncodedFile | undefined> {
    if (!this.built.has(version)) await this.lists(false);
    const entry = this.built.get(version);
    const text = entry?.lists.chunks[n];
    if (!entry || text === undefined) return undefined;
    entry.files[n] ??= encode(text);
    return entry.files[n];
  }

  private keep(lists: GameLists): void {
    const kept = this.built.get(lists.version);
    this.built.delete(lists.version);
    this.built.set(lists.version, kept ?? { lists, files: [] });
    while (this.built.size > KEPT_VERSIONS) this.built.delete(this.built.keys().next().value!);
  }
}
