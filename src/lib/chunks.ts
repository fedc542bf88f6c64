import { CHUNK_LOAD_TIMEOUT_MS } from '../contract/constants';

/**
 * A page chunk that has not arrived after 120 s (spec §9) fails as 'Loading chunk {id} failed' instead
 * of leaving the player on a skeleton forever on a stalled connection.
 */
export function withChunkTimeout<T>(id: string, load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Loading chunk ${id} failed (timed out)`)), timeoutMs);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(`Loading chunk ${id} failed`));
        },
      );
    });
}
