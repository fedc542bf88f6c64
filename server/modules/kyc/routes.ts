import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { CallError } from '../../lib/errors';
import * as answers from '../../../src/contract/answers/kyc';
import { KycBody, KycCall } from '../../../src/contract/kyc';
import { HEADER } from '../../../src/contract/sign';
import type { Database } from '../../db';
import { customers } from '../../db/schema';
import { eq } from 'drizzle-orm';
import type { SessionResolver } from '../../plugins/contract';
import { isMediaKey } from '../../lib/security';
import type { AtRestCipher } from '../../lib/security';
import { imageByKey } from './repository';
import { type KycService, TOO_MANY_PHOTOS } from './service';

/**
 * The KYC calls of spec §7 (src/contract/kyc.ts), player-only, and the player's own identity images at
 * /media/kyc/<key>: the session token in the `token` header, like every call, and only the owner's.
 */
export async function kycRoutes(
  app: FastifyInstance,
  options: { db: Database; service: KycService; sessions: SessionResolver; cipher: AtRestCipher },
) {
  const { service, db } = options;
  const publicIdOf = async (customerId: number) => {
    const [row] = await db.select({ publicId: customers.publicId }).from(customers).where(eq(customers.id, customerId));
    return row?.publicId ?? String(customerId);
  };

  app.requirement('kycVerified', ({ customerId }) => service.requireVerified(customerId));

  // Every photo counts against the player's day (on every instance, in the shared store), before it is
  // decoded: the decoder is the expensive part of these calls (issue 30).
  const photos = app.createRateLimit({
    max: () => service.photosPerDay(),
    timeWindow: '24 hours',
    keyGenerator: (request) => `kyc-photos:${request.session?.customerId ?? ''}`,
  });
  const countPhoto = (request: FastifyRequest) => async () => {
    const counted = await photos(request);
    if (!counted.isAllowed && counted.isExceeded) throw new CallError(GatewayCode.TooManyRequests, TOO_MANY_PHOTOS, 429);
  };
  app.requirement('faceCheck:withdraw', ({ customerId }) => service.requireFaceCheck(customerId));

  app.call({
    prefix: 'main',
    name: KycCall.queryKycStatus,
    auth: 'player',
    body: KycBody.queryKycStatus,
    answer: answers.kycStatusAnswer,
    handler: ({ body, customerId }) => service.status(customerId, body.operationType, body.miniType),
  });

  app.call({
    prefix: 'main',
    name: KycCall.h5initialize,
    auth: 'player',
    body: KycBody.h5initialize,
    answer: answers.h5initializeAnswer,
    handler: async ({ body, customerId }) => service.initialize(customerId, body.docType, await publicIdOf(customerId)),
  });

  app.call({
    prefix: 'main',
    name: KycCall.ocrIdentify,
    auth: 'player',
    body: KycBody.ocrIdentify,
    answer: answers.ocrAnswer,
    handler: ({ body, customerId, request }) => service.readDocument(customerId, body, countPhoto(request)),
  });

  app.call({
    prefix: 'main',
    name: KycCall.faceRecognition,
    auth: 'player',
    body: KycBody.faceRecognition,
    answer: answers.faceAnswer,
    handler: ({ body, customerId, request }) => service.readFace(customerId, body, countPhoto(request)),
  });

  app.call({
    prefix: 'main',
    name: KycCall.modifyEkycRequest,
    auth: 'player',
    body: KycBody.modifyEkycRequest,
    answer: answers.kycSubmitAnswer,
    handler: ({ body, customerId }) => service.confirmFields(customerId, body),
  });

  app.call({
    prefix: 'main',
    name: KycCall.uploadCustomerFaceLog,
    auth: 'player',
    body: KycBody.uploadCustomerFaceLog,
    handler: ({ body, customerId }) => service.faceLog(customerId, body),
  });

  app.call({
    prefix: 'main',
    name: KycCall.h5FaceCaptureInit,
    auth: 'player',
    body: KycBody.h5FaceCaptureInit,
    answer: answers.faceCaptureInitAnswer,
    handler: async ({ customerId }) => service.faceCaptureInit(customerId, await publicIdOf(customerId)),
  });

  app.call({
    prefix: 'main',
    name: KycCall.weakKycPrompt,
    auth: 'player',
    body: KycBody.weakKycPrompt,
    answer: answers.weakPromptAnswer,
    handler: ({ customerId }) => service.prompt(customerId),
  });

  app.call({
    prefix: 'main',
    name: KycCall.queryKycForNewUser,
    auth: 'player',
    body: KycBody.queryKycForNewUser,
    answer: answers.kycForNewUserAnswer,
    handler: ({ customerId }) => service.forNewUser(customerId),
  });

  app.call({
    prefix: 'main',
    name: KycCall.queryKycIdAndTypeExists,
    auth: 'player',
    body: KycBody.queryKycIdAndTypeExists,
    answer: answers.idExistsAnswer,
    // Asking about other people's ID numbers is the one thing this call must not be good for.
    rateLimit: { max: 30, timeWindow: '1 minute' },
    handler: ({ body, customerId }) => service.idExists(customerId, body),
  });

  app.call({
    prefix: 'main',
    name: KycCall.improveUserProfile,
    auth: 'player',
    body: KycBody.improveUserProfile,
    answer: answers.kycSubmitAnswer,
    handler: async ({ body, customerId }) => {
      const answer = await service.submitProfile(customerId, body);
      // The barred-categories declaration made with the form (responsible gaming, issue 34).
      if (body.barredCategories) await app.responsibleGaming.declare(customerId, 'kyc', body.barredCategories);
      return answer;
    },
  });

  // An identity image, to its owner only: 401 without a valid session, 404 for anyone else's or none.
  app.get<{ Params: { key: string } }>('/media/kyc/:key', async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    const token = request.headers[HEADER.token.toLowerCase()];
    let customerId: number | null = null;
    if (typeof token === 'string' && token) {
      try {
        customerId = (await options.sessions.resolve(token)).customerId;
      } catch {
        customerId = null;
      }
    }
    if (!customerId) return reply.status(401).type('text/plain; charset=utf-8').send('Please log in.');
    const key = request.params.key;
    const image = isMediaKey(key) ? await imageByKey(db, key) : undefined;
    if (!image || image.customerId !== customerId) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.type(image.contentType).send(Buffer.from(options.cipher.open(image.data), 'base64'));
  });
}
