import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { Attempt } from '../../api/attempt';
import { api } from '../../api/instance';
import type {
  CheckInStatusAnswer,
  CouponAnswer,
  PromotionListAnswer,
  RebatesAnswer,
  leaveAnswer,
  publicOffersAnswer,
  receiveCouponAnswer,
} from '../../contract/answers/promotions';
import type { InviteInfoAnswer } from '../../contract/answers/invite';
import { InviteCall } from '../../contract/invite';
import { PromotionCall } from '../../contract/promotions';
import { FEATURE_EXPERIMENT, type FeatureGroup } from '../../contract/events';

/** The promotions calls (src/contract/promotions.ts): offers, the player's grants, opting in and leaving. */

export type PromotionList = PromotionListAnswer;
export type PlayerOffer = PromotionList['offers'][number];
export type Grant = PromotionList['grants'][number];
export type PublicOffers = z.infer<typeof publicOffersAnswer>;

export { PROMOTION_LIST_KEY, promotionListQuery } from '../../api/queries';
export type FreeBet = PromotionList['freeBets'][number];
export type FreeBetOffer = PromotionList['freeBetOffers'][number];

/** The offers and their terms for anyone (a visitor). */
export const publicOffersQuery = queryOptions({
  queryKey: ['main', PromotionCall.offers],
  queryFn: () => api.call<PublicOffers>('main', PromotionCall.offers, {}),
  staleTime: 60_000,
});

const optInAttempt = new Attempt();
const leaveAttempt = new Attempt();

/** Opts in (one grant however often it is pressed: the same request keeps its idempotency key until answered). */
export const optIn = (offerId: string) =>
  optInAttempt.send({ offerId }, (idempotencyKey) =>
    api.call<{ grantId: number }>('main', PromotionCall.optIn, { offerId }, { idempotencyKey }),
  );

export const leaveBonus = (grantId: number) =>
  leaveAttempt.send({ grantId }, (idempotencyKey) =>
    api.call<z.infer<typeof leaveAnswer>>('main', PromotionCall.leave, { grantId }, { idempotencyKey }),
  );

export type Rebates = RebatesAnswer;

export const rebatesQuery = queryOptions({
  queryKey: ['main', PromotionCall.rebates],
  queryFn: () => api.call<Rebates>('main', PromotionCall.rebates, {}),
  staleTime: 30_000,
});

const rebateAttempt = new Attempt();

/** Claims every rebate still claimable (activity/claim-dailyrebates): once, however often it is pressed. */
export const claimRebates = () =>
  rebateAttempt.send({}, (idempotencyKey) => api.call<{ amount: number }>('main', PromotionCall.claimDailyRebates, {}, { idempotencyKey }));

export type Coupon = CouponAnswer;

export const checkInQuery = queryOptions({
  queryKey: ['main', PromotionCall.checkInStatus],
  queryFn: () => api.call<CheckInStatusAnswer>('main', PromotionCall.checkInStatus, {}),
  staleTime: 30_000,
});

/** Checks in for today (once a Manila day; a repeat is refused with its words). */
export const checkIn = () => api.call<{ day: string; streak: number; freeBetId: number | null }>('main', PromotionCall.checkIn, {});

/** One coupon by its name (/coupon/:name): its terms for anyone, where it stands for a player. */
export const couponQuery = (name: string) =>
  queryOptions({
    queryKey: ['main', PromotionCall.coupon, name],
    queryFn: () => api.call<Coupon>('main', PromotionCall.coupon, { couponName: name }, { quiet: true }),
    staleTime: 10_000,
  });

const couponAttempt = new Attempt();

/** Receives a coupon (once however often it is pressed); quiet: the page shows the answer after the spec's 2 s. */
export const receiveCoupon = (couponName: string) =>
  couponAttempt.send({ couponName }, (idempotencyKey) =>
    api.call<z.infer<typeof receiveCouponAnswer>>('main', PromotionCall.receiveCoupon, { couponName }, { idempotencyKey, quiet: true }),
  );

/**
 * compare/group/assign (spec §7) for the /feature experiment: the device id is the screen's size (the
 * server adds the address it sees), so the same phone on the same network is always in the same group.
 */
export function screenDeviceId(): string {
  const ratio = Math.round(devicePixelRatio * 100) / 100;
  return `${Math.round(screen.width)}x${Math.round(screen.height)}x${ratio}`;
}

export const featureGroupQuery = queryOptions({
  queryKey: ['main', 'compare/group/assign', FEATURE_EXPERIMENT.name],
  queryFn: async (): Promise<FeatureGroup> => {
    const answer = await api.call<{ groupName: string }>('main', 'compare/group/assign', { deviceId: screenDeviceId() }, { quiet: true });
    const group = FEATURE_EXPERIMENT.groups.find((g) => g === answer.groupName);
    if (!group) throw new Error(`not a group of ${FEATURE_EXPERIMENT.name}: ${answer.groupName}`);
    return group;
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: 2,
});

/** invite/info: the player's code, the invite offer's terms and the invitees' progress (fresh each time the page opens). */
export const inviteInfoQuery = queryOptions({
  queryKey: ['main', InviteCall.info],
  queryFn: () => api.call<InviteInfoAnswer>('main', InviteCall.info, {}),
  staleTime: 0,
  refetchOnMount: 'always',
});
export type InviteInfo = InviteInfoAnswer;
