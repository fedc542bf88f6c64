import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db';
import { customers } from '../db/schema';
import { hashPassword } from '../lib/security';
import { createCustomer } from '../modules/auth';
import { countNotices, sendMessage, welcome } from '../modules/messages';
import { HOUSE, houseAccountId, post, walletAccountId } from '../modules/wallet';
import type { PlayerEvents } from '../realtime/bus';

/** The demo player of the README: log in with this phone and password. */
export const DEMO_PLAYER = {
  phone: '+639175550123',
  phoneAsTyped: '0917 555 0123',
  password: 'Panalo2026',
  birthday: '1990-05-15',
  nickName: 'Demo Player',
  /** ₱5,000.00, received as a completed first deposit. */
  deposit: 500_000,
} as const;

/** Notices every player sees (type 2). */
const NOTICES = [
  {
    title: 'Play responsibly',
    body: 'Panalo is for players aged 21 and over. Set a budget before you play and never chase losses. Deposit limits, cooling-off and self-exclusion are in Account › Responsible Gaming, and Customer Service can help any time.',
  },
  {
    title: 'Verify your identity within 7 days',
    body: 'In accordance with PAGCOR regulations, you are required to complete your KYC verification within 7 days of registration. Failure to comply may result in a temporary suspension of your ability to place bets or make deposits.',
  },
];

/** Idempotent: safe on every start. */
export async function seed(db: Database, events: PlayerEvents, options: { demo: boolean }): Promise<void> {
  if ((await countNotices(db)) === 0) {
    for (const notice of NOTICES) await sendMessage(db, events, { customerId: null, type: 2, ...notice });
  }
  if (!options.demo) return;
  const [existing] = await db.select({ id: customers.id }).from(customers).where(eq(customers.mobileNo, DEMO_PLAYER.phone));
  if (existing) return;
  const passwordHash = await hashPassword(DEMO_PLAYER.password);
  const customerId = await db.transaction(async (tx) => {
    const customer = await createCustomer(tx, { mobileNo: DEMO_PLAYER.phone, passwordHash, birthday: DEMO_PLAYER.birthday });
    await tx.update(customers).set({ nickName: DEMO_PLAYER.nickName, firstDepositAt: new Date() }).where(eq(customers.id, customer.id));
    await post(tx, {
      kind: 'deposit',
      customerId: customer.id,
      reference: 'seed:first-deposit',
      // The demo's money counts as already played through (no turnover owed), so the demo can withdraw at once.
      metadata: { channel: 'GCash', note: 'demo player first deposit', turnover: false },
      entries: [
        { accountId: await houseAccountId(tx, HOUSE.payments), amount: -DEMO_PLAYER.deposit },
        { accountId: await walletAccountId(tx, customer.id, 'main'), amount: DEMO_PLAYER.deposit },
      ],
    });
    return customer.id;
  });
  await welcome(db, events, customerId);
}

/** The seed at every start: the notices, and the demo player unless SEED_DEMO=false. */
export const seeded = fp(
  async (app: FastifyInstance) => {
    await seed(app.database.db, app.playerEvents, { demo: app.config.seedDemo });
  },
  { name: 'seed', dependencies: ['core'] },
);
