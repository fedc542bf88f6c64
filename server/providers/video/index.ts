import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ensureTestStream, type TestStream } from './hls';
import { VIDEO_SIM_PREFIX, videoSimRoutes } from './simRoutes';
import { type CarriedMatch, VideoSimulator } from './simulator';
import { noVideoProvider, type VideoProvider } from './types';
import type { VideoSource } from '../../../src/contract/video';

/**
 * Which video provider the server asks for streams. Outside production: the streaming simulator
 * (./simulator.ts) and its pages under /sim/video, its HLS encoded with ffmpeg at the first start into
 * `cacheDir` (VIDEO_SIM_DIR, default <DATA_DIR>/video-simulator). In production: a real provider's
 * adapter implementing VideoProvider (none is contracted yet), so every lookup answers 'video not found'.
 */
export interface VideoProviderOptions {
  production: boolean;
  dataDir: string;
  /** Where the simulator's encoded test stream is kept (shared by test servers, so it is encoded once). */
  cacheDir?: string | undefined;
  /** A secret shared by the instances (the simulator's URLs are signed with a key derived from it). */
  secret: string;
  now: () => number;
  /** The match a lookup names, from the feed. */
  carries: (source: VideoSource) => CarriedMatch | undefined;
}

export interface RegisteredVideoProvider {
  provider: VideoProvider;
  /** The simulator, outside production (its switches, for tests). */
  simulator: VideoSimulator | undefined;
}

export async function registerVideoProvider(app: FastifyInstance, options: VideoProviderOptions): Promise<RegisteredVideoProvider> {
  if (options.production) return { provider: noVideoProvider, simulator: undefined };
  const cacheDir = options.cacheDir ?? join(options.dataDir, 'video-simulator');
  let encoding: Promise<TestStream> | undefined;
  const stream = () => {
    encoding ??= ensureTestStream(cacheDir).catch((error: unknown) => {
      app.log.error({ err: error }, 'streaming simulator: the test stream could not be encoded');
      // Tried again at the next request (ffmpeg may have been installed meanwhile).
      encoding = undefined;
      throw error;
    });
    return encoding;
  };
  const simulator = new VideoSimulator({
    secret: createHmac('sha256', options.secret).update('panalo video simulator').digest('base64url'),
    now: options.now,
    prefix: VIDEO_SIM_PREFIX,
    carries: options.carries,
    stream,
  });
  await app.register(videoSimRoutes, { simulator, now: options.now });
  // Encoded in the background at start, so the first player does not wait for it.
  app.addHook('onReady', async () => {
    void stream().catch(() => undefined);
  });
  return { provider: simulator, simulator };
}
