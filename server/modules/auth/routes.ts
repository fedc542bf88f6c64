import type { Challenge, Solution } from 'altcha-lib';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { nothing } from '../../../src/contract/answers/common';
import {
  forgetResetSchema,
  forgetSendSchema,
  forgetVerifySchema,
  loginByPasswordSchema,
  loginBySmsSchema,
  registerSchema,
  sendSmsCodeSchema,
  visitorRegisterSchema,
} from '../../../src/contract/forms';
import type { AuthService } from './service';

export interface AuthRoutesOptions {
  service: AuthService;
}

/** Calls that cost us money or guess passwords get a tighter per-address limit than the rest. */
const SENSITIVE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** Login, registration, captcha, SMS codes, partner tickets, the forgotten password: parsed here, decided in service.ts. */
export async function authRoutes(app: FastifyInstance, { service }: AuthRoutesOptions) {
  app.call({
    prefix: 'main',
    name: 'webToken',
    auth: 'public',
    body: z.looseObject({}),
    handler: ({ request }) => service.visitorToken(request),
  });

  app.call({
    prefix: 'front',
    name: 'front/publicKey',
    auth: 'public',
    body: z.looseObject({}),
    handler: () => service.publicKey(),
  });

  app.call({
    prefix: 'main',
    name: 'hCaptcha/generate',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: z.looseObject({}),
    handler: () => service.generateCaptcha(),
  });

  app.call({
    prefix: 'main',
    name: 'hCaptcha/validate',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: z.object({
      challenge: z.looseObject({ parameters: z.looseObject({}) }),
      solution: z.looseObject({ counter: z.number(), derivedKey: z.string() }),
    }),
    handler: ({ body }) => service.validateCaptcha(body.challenge as unknown as Challenge, body.solution as unknown as Solution),
  });

  // spec §7: loginAndRegisterSendSmsCode sends the code for loginAndRegisterV4 and says whether the
  // number is new (then the form asks for the date of birth, for the 21+ rule).
  app.call({
    prefix: 'main',
    name: 'userAuth/loginAndRegisterSendSmsCode',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: z.object({ phone: sendSmsCodeSchema.shape.phone, captchaToken: sendSmsCodeSchema.shape.captchaToken }),
    handler: ({ body }) => service.sendLoginCode(body),
  });

  app.call({
    prefix: 'main',
    name: 'phone/sendCode',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: sendSmsCodeSchema,
    handler: ({ body }) => service.sendPurposeCode(body),
  });

  app.call({
    prefix: 'main',
    name: 'userAuth/loginAndRegisterV4',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: loginBySmsSchema,
    handler: ({ body, request, session }) => service.loginBySms(body, { client: request, sessionId: session?.id }),
  });

  app.call({
    prefix: 'main',
    name: 'userAuth/loginByPhoneV4',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: loginByPasswordSchema,
    handler: ({ body, request, session }) => service.loginByPassword(body, { client: request, sessionId: session?.id }),
  });

  app.call({
    prefix: 'main',
    name: 'userAuth/registerV2',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: registerSchema,
    handler: ({ body, request, session }) => service.register(body, { client: request, sessionId: session?.id }),
  });

  // A quick account without a phone yet (binding one is asked for when the site requires it).
  app.call({
    prefix: 'main',
    name: 'userAuth/visitorRegisterAndLogin',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: visitorRegisterSchema,
    handler: ({ body, request, session }) => service.registerVisitor(body, { client: request, sessionId: session?.id }),
  });

  app.call({
    prefix: 'main',
    name: 'customer/logoutV2',
    auth: 'player',
    body: z.looseObject({}),
    answer: nothing,
    handler: async ({ session }) => {
      await service.logout(session.id);
      return null;
    },
  });

  // Partner auto-login (spec §2 tempTicket/loginName): a logged-in session hands a single-use ticket to
  // a partner page, which opens Panalo with it.
  app.call({
    prefix: 'main',
    name: 'userAuth/getTempToken',
    auth: 'player',
    body: z.looseObject({}),
    handler: ({ customerId }) => service.tempTicket(customerId),
  });

  app.call({
    prefix: 'main',
    name: 'getH5TokenByTempTicket',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: z.object({ ticket: z.string().check(z.maxLength(200)), loginName: z.optional(z.string()) }),
    handler: ({ body, request, session }) => service.loginByTempTicket(body, { client: request, sessionId: session?.id }),
  });

  // customer/modifyPwd and customer/validatePwd are the security centre's (server/modules/security).

  // Forgotten password, V2: a code to the phone, then a reset ticket, then the new password.
  app.call({
    prefix: 'main',
    name: 'userAuth/forgetPwdSendCodeV2',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: forgetSendSchema,
    handler: ({ body }) => service.forgetSendCode(body),
  });

  app.call({
    prefix: 'main',
    name: 'userAuth/forgetPwdVerifyCodeV2',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: forgetVerifySchema,
    handler: ({ body }) => service.forgetVerifyCode(body),
  });

  app.call({
    prefix: 'main',
    name: 'userAuth/modifyPwdForgetPwdV2',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: forgetResetSchema,
    handler: ({ body }) => service.resetPassword(body),
  });
}
