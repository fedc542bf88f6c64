import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { PLAY_CURRENCY } from '../../../src/contract/games';
import { OPERATOR_WALLET_PATHS, SIGNATURE_HEADER, type WalletAnswer, type WalletStatus } from '../../providers/games/types';
import { checkBodySignature } from '../../providers/games/signing';
import type { SeamlessWallet } from './seamless';

/** A wallet call is a small JSON document; anything larger is not from the provider. */
const WALLET_BODY_LIMIT = 65_536;

const text = z.string().check(z.maxLength(200));
const base = { user: text, request_uuid: text, token: text, game_code: text };
const transaction = {
  ...base,
  transaction_uuid: text.check(z.minLength(1)),
  supplier_transaction_id: z.optional(text),
  round: text.check(z.minLength(1)),
  round_closed: z.optional(z.boolean()),
  is_free: z.optional(z.boolean()),
  currency: text,
};
const amount = z.int().check(z.minimum(0));
const schemas = {
  info: z.looseObject(base),
  balance: z.looseObject(base),
  bet: z.looseObject({ ...transaction, bet: z.optional(text), amount }),
  win: z.looseObject({ ...transaction, bet: z.optional(text), amount, reference_transaction_uuid: text.check(z.minLength(1)) }),
  rollback: z.looseObject({ ...transaction, reference_transaction_uuid: text.check(z.minLength(1)) }),
};

function refusal(status: WalletStatus, request: { user?: unknown; request_uuid?: unknown } = {}): WalletAnswer {
  return {
    user: typeof request.user === 'string' ? request.user : '',
    request_uuid: typeof request.request_uuid === 'string' ? request.request_uuid : '',
    status,
    currency: PLAY_CURRENCY,
    balance: 0,
  };
}

/**
 * POST /gamewallet/hub88/{user/info, user/balance, transaction/bet, transaction/win, transaction/rollback}:
 * the provider's wallet calls. The body stays raw bytes (this scope's own content-type parser) until the
 * X-Hub88-Signature over them is verified with the provider's public key; only then is it parsed.
 * Every answer is HTTP 200 with a Hub88 status (a forged call gets RS_ERROR_INVALID_SIGNATURE and
 * touches nothing; our own failure RS_ERROR_UNKNOWN, which the provider retries or rolls back).
 * Not player calls: no Sign, no session.
 */
export async function operatorWalletRoutes(
  app: FastifyInstance,
  options: { wallet: SeamlessWallet; providerPublicKey: () => string | null },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WALLET_BODY_LIMIT }, (_request, body, done) => done(null, body));

  const route = <S extends z.ZodMiniType>(path: string, schema: S, handle: (body: z.infer<S>) => Promise<WalletAnswer>) => {
    app.post(path, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers[SIGNATURE_HEADER];
      if (!checkBodySignature(typeof signature === 'string' ? signature : undefined, options.providerPublicKey(), raw)) {
        request.log.warn({ path }, 'casino wallet call refused: signature');
        return reply.status(200).send(refusal('RS_ERROR_INVALID_SIGNATURE'));
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.status(200).send(refusal('RS_ERROR_UNKNOWN'));
      }
      const checked = schema.safeParse(parsed);
      if (!checked.success) {
        request.log.info({ path, issue: checked.error.issues[0]?.message }, 'casino wallet call refused: body');
        return reply.status(200).send(refusal('RS_ERROR_UNKNOWN', (parsed ?? {}) as Record<string, unknown>));
      }
      try {
        return reply.status(200).send(await handle(checked.data));
      } catch (error) {
        request.log.error({ err: error, path }, 'casino wallet call failed');
        return reply.status(200).send(refusal('RS_ERROR_UNKNOWN', checked.data as Record<string, unknown>));
      }
    });
  };

  const { wallet } = options;
  const tx = <
    T extends { supplier_transaction_id?: string | undefined; round_closed?: boolean | undefined; is_free?: boolean | undefined },
  >(
    body: T,
  ) => ({
    ...body,
    supplier_transaction_id: body.supplier_transaction_id ?? '',
    round_closed: body.round_closed ?? false,
    is_free: body.is_free ?? false,
  });
  route(OPERATOR_WALLET_PATHS.info, schemas.info, (body) => wallet.info(body));
  route(OPERATOR_WALLET_PATHS.balance, schemas.balance, (body) => wallet.balance(body));
  route(OPERATOR_WALLET_PATHS.bet, schemas.bet, (body) => wallet.bet({ ...tx(body), bet: body.bet ?? '' }));
  route(OPERATOR_WALLET_PATHS.win, schemas.win, (body) => wallet.win({ ...tx(body), bet: body.bet ?? '' }));
  route(OPERATOR_WALLET_PATHS.rollback, schemas.rollback, (body) => wallet.rollback(tx(body)));
}
