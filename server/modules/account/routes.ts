import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  accountStateAnswer,
  addedAnswer,
  addressListAnswer,
  avatarAnswer,
  birthdayAnswer,
  closingCodeSentAnswer,
  genderAnswer,
  headImagesAnswer,
  nickNameAnswer,
  userInfoAnswer,
} from '../../../src/contract/answers/account';
import { nothing } from '../../../src/contract/answers/common';
import { addressListSchema, addressSchema, genderSchema, nickNameSchema, userInfoQuerySchema } from '../../../src/contract/forms';
import { isCalendarDate } from '../../../src/contract/people';
import { type AccountService, HEAD_IMAGES } from './service';

/** The account calls of spec §7: the player's info and profile, addresses, and closing the account. */
export async function accountRoutes(app: FastifyInstance, { service }: { service: AccountService }) {
  // spec §7: the user-info fetch sends inclAddress, inclEmail, inclMobileNo, inclRealName, loginName,
  // inclIds, inclGiftCard, isShowOddsType. Both answer the session's own player: the loginName or
  // customerId in the body is the client's enrichment, removed by the contract before this runs.
  for (const name of ['customer/getByLoginName', 'customer/getById']) {
    app.call({
      prefix: 'main',
      name,
      auth: 'player',
      body: userInfoQuerySchema,
      answer: userInfoAnswer,
      handler: ({ body, customerId }) => service.userInfo(customerId, body),
    });
  }

  app.call({
    prefix: 'main',
    name: 'customer/modifyNickName',
    auth: 'player',
    body: z.object({ nickName: nickNameSchema }),
    answer: nickNameAnswer,
    handler: async ({ body, customerId }) => {
      await service.setNickName(customerId, body.nickName);
      return { nickName: body.nickName };
    },
  });

  app.call({
    prefix: 'main',
    name: 'customer/getHeadImages',
    auth: 'public',
    body: z.looseObject({}),
    answer: headImagesAnswer,
    handler: () => ({ list: HEAD_IMAGES }),
  });

  app.call({
    prefix: 'main',
    name: 'customer/modify',
    auth: 'player',
    body: z.object({ avatar: z.optional(z.enum(HEAD_IMAGES as [string, ...string[]], { message: 'Choose one of the pictures.' })) }),
    answer: userInfoAnswer,
    handler: async ({ body, customerId }) => {
      if (body.avatar) await service.choosePicture(customerId, body.avatar);
      return service.userInfo(customerId);
    },
  });

  app.call({
    prefix: 'main',
    name: 'customer/uploadImgFile',
    auth: 'player',
    body: z.object({ image: z.string().check(z.maxLength(1_000_000, { message: 'The picture is too large.' })) }),
    answer: avatarAnswer,
    handler: async ({ body, customerId }) => ({ avatar: await service.uploadPicture(customerId, body.image) }),
  });

  app.call({
    prefix: 'main',
    name: 'customer/removeAvatar',
    auth: 'player',
    body: z.looseObject({}),
    answer: avatarAnswer,
    handler: async ({ customerId }) => {
      await service.choosePicture(customerId, '');
      return { avatar: '' };
    },
  });

  // The bytes of an uploaded avatar, by its unguessable key. The address changes with every upload, so
  // it can be cached long.
  app.get<{ Params: { key: string } }>('/media/avatar/:key', async (request, reply) => {
    const row = await service.picture(request.params.key);
    if (!row) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.header('Cache-Control', 'public, max-age=31536000, immutable').type(row.contentType).send(row.data);
  });

  app.call({
    prefix: 'main',
    name: 'customer/updateCustomerBirthday',
    auth: 'player',
    body: z.object({ birthday: z.string().check(z.refine(isCalendarDate, { message: 'birthday' })) }),
    answer: birthdayAnswer,
    handler: async ({ body, customerId }) => {
      await service.setBirthday(customerId, body.birthday);
      return { birthday: body.birthday };
    },
  });

  app.call({
    prefix: 'main',
    name: 'customer/updateCustomerGender',
    auth: 'player',
    body: z.object({ gender: genderSchema }),
    answer: genderAnswer,
    handler: async ({ body, customerId }) => {
      await service.setGender(customerId, body.gender);
      return { gender: body.gender };
    },
  });

  // spec §7: the address list sends onlyCount, pageNo, pageSize 10.
  app.call({
    prefix: 'main',
    name: 'customer/addressList',
    auth: 'player',
    body: addressListSchema,
    answer: addressListAnswer,
    handler: ({ body, customerId }) => service.addresses(customerId, body),
  });

  app.call({
    prefix: 'main',
    name: 'customer/addAddress',
    auth: 'player',
    body: addressSchema,
    answer: addedAnswer,
    handler: async ({ body, customerId }) => ({ id: await service.addAddress(customerId, body) }),
  });

  app.call({
    prefix: 'main',
    name: 'customer/deleteAddress',
    auth: 'player',
    body: z.object({ id: z.int() }),
    answer: nothing,
    handler: async ({ body, customerId }) => {
      await service.deleteAddress(customerId, body.id);
      return null;
    },
  });

  // Closing an account (spec §7 account/query, deleteAccountMailSend, account/delete): a code to the
  // player's email (or phone when there is no email), then the closure. Money must be withdrawn first.
  app.call({
    prefix: 'main',
    name: 'account/query',
    auth: 'player',
    body: z.looseObject({}),
    answer: accountStateAnswer,
    handler: ({ customerId }) => service.closingState(customerId),
  });

  app.call({
    prefix: 'main',
    name: 'account/deleteAccountMailSend',
    auth: 'player',
    body: z.looseObject({}),
    answer: closingCodeSentAnswer,
    handler: ({ customerId }) => service.sendClosingCode(customerId),
  });

  app.call({
    prefix: 'main',
    name: 'account/delete',
    auth: 'player',
    body: z.object({
      code: z.string().check(z.regex(/^\d{6}$/, { message: 'code' })),
      reason: z.optional(z.string().check(z.maxLength(300, { message: 'text' }))),
    }),
    answer: nothing,
    handler: async ({ body, customerId, request }) => {
      await service.close(customerId, body.code, body.reason ?? '', request.log);
      return null;
    },
  });
}
