import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { HEADER } from '../../../src/contract/sign';
import type { Database } from '../../db';
import { pendingMovements } from '../../db/schema';
import { CallError } from '../../lib/errors';
import type { GameWalletProvider } from '../../providers/gameWallet';
import { HOUSE, balanceFlag, balances, houseAccountId, post, walletAccountId, withIdempotency } from './ledger';

/** Amounts on the wire are whole centavos. */
const amountSchema = z.int({ message: 'Amounts are whole centavos.' }).check(z.positive({ message: 'The amount must be more than zero.' }));

/** The smallest transfer to a game wallet: ₱1.00. */
export const MIN_TRANSFER = 100;

function idempotencyKey(headers: Record<string, unknown>): string {
  const key = headers[HEADER.idempotencyKey.toLowerCase()];
  if (typeof key !== 'string' || !/^[\w-]{8,80}$/.test(key)) {
    throw new CallError(
      GatewayCode.InvalidRequest,
      'This payment call needs an Idempotency-Key header (8 to 80 letters, digits, - or _).',
      400,
    );
  }
  return key;
}

export interface WalletOptions {
  db: Database;
  gameWallet: GameWalletProvider;
  /** Called when a player's balance changes (the realtime release pushes it to /user/queue/balance). */
  onBalanceChange: (customerId: number) => void;
}

/** Finishes a transfer once the provider answered: credit the game wallet, or give the money back. */
export async function settleTransfer(options: WalletOptions, movementId: number, outcome: 'accepted' | 'refused'): Promise<void> {
  const { db } = options;
  let customerId: number | undefined;
  await db.transaction(async (tx) => {
    const [movement] = await tx.select().from(pendingMovements).where(eq(pendingMovements.id, movementId)).for('update');
    if (!movement || movement.status !== 'pending') return;
    customerId = movement.customerId;
    const inFlight = await houseAccountId(tx, HOUSE.transfers);
    const target = await walletAccountId(tx, movement.customerId, outcome === 'accepted' ? 'saba' : 'main');
    await post(tx, {
      kind: outcome === 'accepted' ? 'transfer_in' : 'transfer_refund',
      customerId: movement.customerId,
      reference: `movement:${movement.id}`,
      entries: [
        { accountId: inFlight, amount: -movement.amount },
        { accountId: target, amount: movement.amount },
      ],
    });
    await tx
      .update(pendingMovements)
      .set({ status: outcome === 'accepted' ? 'done' : 'failed', completedAt: new Date() })
      .where(eq(pendingMovements.id, movement.id));
  });
  if (customerId !== undefined) options.onBalanceChange(customerId);
}

async function confirmWithProvider(options: WalletOptions, movementId: number, customerId: number, amount: number): Promise<void> {
  let outcome: 'accepted' | 'refused';
  try {
    outcome = await options.gameWallet.transferIn({ customerId, amount, reference: `movement:${movementId}` });
  } catch {
    outcome = 'refused';
  }
  await settleTransfer(options, movementId, outcome);
}

/** Movements left pending by a restart are asked again (the provider call is idempotent by reference). */
export async function resumePendingTransfers(options: WalletOptions): Promise<void> {
  const pending = await options.db.select().from(pendingMovements).where(eq(pendingMovements.status, 'pending'));
  for (const movement of pending) void confirmWithProvider(options, movement.id, movement.customerId, movement.amount);
}

export async function walletRoutes(app: FastifyInstance, options: WalletOptions) {
  const { db } = options;

  app.call({
    prefix: 'main',
    name: 'customer/getBalance',
    auth: 'player',
    body: z.looseObject({}),
    handler: async ({ customerId }) => {
      const [wallets, flag] = await Promise.all([balances(db, customerId), balanceFlag(db, customerId)]);
      return { balance: wallets.main, balanceFlag: flag };
    },
  });

  app.call({
    prefix: 'main',
    name: 'customer/getBalanceV3',
    auth: 'player',
    body: z.looseObject({}),
    handler: async ({ customerId }) => {
      const [wallets, flag] = await Promise.all([balances(db, customerId), balanceFlag(db, customerId)]);
      return {
        balance: wallets.main,
        bonusBalance: wallets.bonus,
        sabaBalance: wallets.saba,
        totalBalance: wallets.main + wallets.bonus + wallets.saba,
        balanceFlag: flag,
      };
    },
  });

  // spec §4 "Balance refresh": type 0 polls until balanceFlag is 1; type 1 is a direct fetch.
  app.call({
    prefix: 'main',
    name: 'customer/refreshBalance',
    auth: 'player',
    body: z.looseObject({ type: z.optional(z.union([z.literal(0), z.literal(1)])) }),
    handler: async ({ customerId }) => {
      const [wallets, flag] = await Promise.all([balances(db, customerId), balanceFlag(db, customerId)]);
      return { balance: wallets.main, balanceFlag: flag };
    },
  });

  app.call({
    prefix: 'main',
    name: 'customer/getBonusBalanceV2',
    auth: 'player',
    body: z.looseObject({}),
    handler: async ({ customerId }) => ({ bonusBalance: (await balances(db, customerId)).bonus }),
  });

  // Transfer from the main wallet into the sportsbook's (Saba) wallet, for players who do not play
  // seamless. The money leaves main at once and reaches the game wallet when the provider confirms;
  // meanwhile balanceFlag is 0.
  app.call({
    prefix: 'main',
    name: 'game/sabaInBalance',
    auth: 'player',
    body: z.looseObject({ amount: amountSchema }),
    handler: async ({ body, customerId, request }) => {
      const key = idempotencyKey(request.headers);
      if (body.amount < MIN_TRANSFER) throw new CallError(GatewayCode.InvalidAmount, 'The smallest transfer is ₱1.00.', 400);
      const answer = await withIdempotency(
        db,
        { customerId, key, call: 'game/sabaInBalance', request: { amount: body.amount } },
        async (tx) => {
          const main = await walletAccountId(tx, customerId, 'main');
          const inFlight = await houseAccountId(tx, HOUSE.transfers);
          const transactionId = await post(tx, {
            kind: 'transfer_out',
            customerId,
            reference: `idem:${key}`,
            entries: [
              { accountId: main, amount: -body.amount },
              { accountId: inFlight, amount: body.amount },
            ],
          });
          const [movement] = await tx
            .insert(pendingMovements)
            .values({ customerId, kind: 'saba_in', amount: body.amount, transactionId })
            .returning({ id: pendingMovements.id });
          return { transferId: movement!.id, amount: body.amount, status: 'pending' as const };
        },
      );
      options.onBalanceChange(customerId);
      const [movement] = await db.select().from(pendingMovements).where(eq(pendingMovements.id, answer.transferId));
      if (movement?.status === 'pending') void confirmWithProvider(options, movement.id, customerId, movement.amount);
      return answer;
    },
  });
}
