import type { FastifyInstance, FastifyRequest } from 'fastify';
import { giftCardListAnswer, voucherAnswer } from '../../../src/contract/answers/money';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { MoneyBody, MoneyCall } from '../../../src/contract/money';
import { CallError } from '../../lib/errors';
import type { VoucherService } from './service';

export interface VoucherRouteOptions {
  service: VoucherService;
  /**
   * Codes one player may try in `guessWindow` (default 10 in 10 minutes), across the calls that take a
   * typed code: enough for typos, far too few to find a code by guessing.
   */
  guessesPerWindow?: number;
  guessWindow?: string;
}

/** The voucher and gift-card calls: customer/receiveVoucher, deposit/depositByVoucher, giftCard/list and giftCard/redeem. */
export async function voucherRoutes(app: FastifyInstance, options: VoucherRouteOptions) {
  const { service } = options;
  const window = options.guessWindow ?? '10 minutes';
  const guesses = app.createRateLimit({
    max: options.guessesPerWindow ?? 10,
    timeWindow: window,
    keyGenerator: (request) => `voucher-codes:${request.session?.customerId ?? ''}`,
  });
  // A repeat of a call already answered (its answer was lost on the way: a dropped connection, an
  // instance that died) is not a guess: it gets its first answer, even past the limit.
  const countGuess = async (request: FastifyRequest, customerId: number, idempotencyKey: string) => {
    if (await service.isRepeat(customerId, idempotencyKey)) return;
    const counted = await guesses(request);
    if (!counted.isAllowed && counted.isExceeded) {
      throw new CallError(GatewayCode.TooManyRequests, `Too many voucher codes tried. Please wait ${window} and try again.`, 429);
    }
  };

  app.call({
    prefix: 'main',
    name: MoneyCall.receiveVoucher,
    requires: ['kycVerified'],
    auth: 'player',
    idempotent: true,
    body: MoneyBody.receiveVoucher,
    answer: voucherAnswer,
    handler: async ({ body, customerId, request, idempotencyKey }) => {
      await countGuess(request, customerId, idempotencyKey);
      return service.redeemCode(customerId, body.voucherCode, ['promo', 'giftcard'], {
        key: idempotencyKey,
        call: MoneyCall.receiveVoucher,
      });
    },
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.depositByVoucher,
    requires: ['kycVerified'],
    auth: 'player',
    idempotent: true,
    body: MoneyBody.depositByVoucher,
    answer: voucherAnswer,
    handler: async ({ body, customerId, request, idempotencyKey }) => {
      await countGuess(request, customerId, idempotencyKey);
      return service.redeemCode(customerId, body.voucherCode, ['deposit'], { key: idempotencyKey, call: MoneyCall.depositByVoucher });
    },
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.giftCardList,
    auth: 'player',
    body: MoneyBody.giftCardList,
    answer: giftCardListAnswer,
    handler: ({ customerId }) => service.giftCards(customerId),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.redeemGiftCard,
    requires: ['kycVerified'],
    auth: 'player',
    idempotent: true,
    body: MoneyBody.redeemGiftCard,
    answer: voucherAnswer,
    handler: ({ body, customerId, idempotencyKey }) => service.redeemGiftCard(customerId, body.giftCardId, idempotencyKey),
  });
}
