import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newsDevPage } from './devPage';
import { fileNewsStore } from './repository';
import { newsRoutes } from './routes';
import { NewsService } from './service';

/**
 * News (issue 37): the operator's articles from `<dataDir>/news.json` (./repository.ts), the published
 * ones served as static JSON files with their pictures (./routes.ts); outside production the operator's
 * news desk /dev/news publishes, edits and withdraws them (./devPage.ts). Decorates app.news.
 */
declare module 'fastify' {
  interface FastifyInstance {
    news: NewsService;
  }
}

export type { NewsService } from './service';

export const news = fp(
  async (app: FastifyInstance) => {
    const service = new NewsService(fileNewsStore(app.config.dataDir, app.log), app.clock);
    app.decorate('news', service);
    await app.register(newsRoutes, { service });
    if (!app.config.production) await app.register(newsDevPage, { service, clock: app.clock });
  },
  { name: 'news', dependencies: ['core'] },
);
