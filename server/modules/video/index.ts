import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type RegisteredVideoProvider, registerVideoProvider } from '../../providers/video';
import { noVideoProvider } from '../../providers/video/types';
import { videoRoutes } from './routes';
import { VideoService } from './service';

/**
 * The match video module (issue 37): the video provider (the streaming simulator outside production,
 * server/providers/video), the rules of who may watch what (./service.ts) and the video calls. Uses the
 * feed (app.feed), the site settings (availability by sport) and the games module (the gray list).
 * Decorates app.video (the service) and app.videoProvider (the provider and, outside production, the
 * simulator's switches).
 */
declare module 'fastify' {
  interface FastifyInstance {
    video: VideoService;
    videoProvider: RegisteredVideoProvider;
  }
}

export type { VideoService } from './service';

export const video = fp(
  async (app: FastifyInstance) => {
    const { config, clock } = app;
    const settings = () => {
      const site = app.site.settings.read();
      return { ...site.video, grayPlatforms: site.games.grayPlatforms };
    };
    let registered: RegisteredVideoProvider = { provider: noVideoProvider, simulator: undefined };
    const service = new VideoService({
      feed: app.feed,
      provider: () => registered.provider,
      settings,
      isGray: (customerId) => app.games.isGray(customerId),
      now: clock,
    });
    registered = await registerVideoProvider(app, {
      production: config.production,
      dataDir: config.dataDir,
      // Where the simulator keeps its encoded test stream: VIDEO_SIM_DIR (tests share one), else <dataDir>/video-simulator.
      cacheDir: config.videoSimDir,
      secret: config.secrets.captchaKeySecret,
      now: clock,
      carries: (source) => service.carries(source),
    });
    app.decorate('video', service);
    app.decorate('videoProvider', registered);
    await app.register(videoRoutes, { service });
  },
  { name: 'video', dependencies: ['core', 'contract', 'site', 'feed', 'games'] },
);
