import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordRoutes } from './routes';
import { RecordService } from './service';

/** The records (spec §7 transactionRecord/*): every wallet movement, deposits and withdrawals by period. */
export { manilaSpan } from './service';

export const records = fp(
  async (app: FastifyInstance) => {
    await app.register(recordRoutes, { service: new RecordService({ db: app.database.db }), withdrawals: app.withdrawals });
  },
  { name: 'records', dependencies: ['core', 'contract', 'withdrawals'] },
);
