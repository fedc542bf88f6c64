import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type RegisteredVideoProvider, registerVideoProvider } from '../../providers/video';
import { noVideoProvider } from '../../providers/video/types';
import type { SiteSettingsStore } from '../site/settings';
import { videoRoutes } from './routes';
import { VideoService } from './service';

/**
 * The match video module (issue 37): the video provider (the streaming simulator outside production,
 * server/providers/video), the rules of who may watch what (./service.ts) and the video calls. Needs
 * the feed (app.feed) and, for the gray list, the games module (app.games) registered before it.
 * Decorates app.video (the service) and app.videoProvider (the provider and, outside production, the
 * simulator's switches).
 */
export interface VideoModuleOptions {
  production: boolean;
  dataDir: string;
  /** Where the simulator keeps its encoded test stream (VIDEO_SIM_DIR); default <dataDir>/video-simulator. */
  cacheDir?: string | undefined;
  /** A secret every instance shares (the simulator signs its URLs with a key derived from it). */
  secret: string;
  settings: SiteSettingsStore;
  clock: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    video: VideoService;
    videoProvider: RegisteredVideoProvider;
  }
}

export const video = fp<VideoModuleOptions>(
  async (app: FastifyInstance, options) => {
    const settings = () => {
      const site = options.settings.read();
      return { ...site.video, grayPlatforms: site.games.grayPlatforms };
    };
    let registered: RegisteredVideoProvider = { provider: noVideoProvider, simulator: undefined };
    const service = new VideoService({
      feed: app.feed,
      provider: () => registered.provider,
      settings,
      isGray: (customerId) => (app.hasDecorator('games') ? app.games.isGray(customerId) : Promise.resolve(false)),
      now: options.clock,
    });
    registered = await registerVideoProvider(app, {
      production: options.production,
      dataDir: options.dataDir,
      cacheDir: options.cacheDir,
      secret: options.secret,
      now: options.clock,
      carries: (source) => service.carries(source),
    });
    app.decorate('video', service);
    app.decorate('videoProvider', registered);
    await app.register(videoRoutes, { service });
  },
  // The call contract (app.call) and the feed must be there first.
  { name: 'video', decorators: { fastify: ['call', 'feed'] } },
);
