import { route, L, P, page } from '../route';

/**
 * The routes of features/promo. PromoPage: cash and bonus apart, the bonuses held with their wagering, the
 * offers with their terms (issue 35); WelcomePage: the same with the first-deposit offers first;
 * TaggedOffersPage: the offers tagged bingo or agency; the sport campaigns (missions beside fixtures).
 */
export const PROMO_ROUTES = [
  // The A/B/C page of spec §2, its version chosen by the device's group (issue 39).
  route({
    path: '/feature',
    name: 'feature',
    owner: 'promo',
    page: page('FeaturePage', () => import('../../../features/promo/FeaturePage')),
  }),
  route({
    path: '/agency-benefits',
    name: 'agency-benefits',
    owner: 'promo',
    ...P,
    page: page('AgencyBenefitsPage', () => import('../../../features/promo/TaggedOffersPage')),
  }),
  route({
    path: '/checkIn',
    name: 'checkIn',
    owner: 'promo',
    page: page('CheckInPage', () => import('../../../features/promo/CheckInPage')),
    ...L,
  }),
  route({ path: '/promo', name: 'promo', owner: 'promo', page: page('PromoPage', () => import('../../../features/promo/PromoPage')) }),
  route({
    path: '/promo-promo',
    name: 'promo-promo',
    owner: 'promo',
    page: page('PromoPage', () => import('../../../features/promo/PromoPage')),
  }),
  route({
    path: '/newActivity',
    name: 'newActivity',
    owner: 'promo',
    page: page('PromoPage', () => import('../../../features/promo/PromoPage')),
  }),
  route({
    path: '/bonus',
    name: 'bonus',
    owner: 'promo',
    page: page('PromoPage', () => import('../../../features/promo/PromoPage')),
    ...L,
  }),
  route({
    path: '/daily-rebate',
    name: 'daily-rebate',
    owner: 'promo',
    page: page('DailyRebatePage', () => import('../../../features/promo/DailyRebatePage')),
    ...L,
  }),
  route({
    path: '/coupon/$name',
    name: 'coupon',
    owner: 'promo',
    page: page('CouponPage', () => import('../../../features/promo/CouponPage')),
    ...L,
  }),
  route({
    path: '/sportActivity-new-user',
    name: 'sportActivity-new-user',
    owner: 'promo',
    page: page('WelcomePage', () => import('../../../features/promo/PromoPage')),
  }),
  // The sport campaigns (issue 35): missions of the campaign beside its sport's fixtures, composed in src/app/pages.
  route({
    path: '/nbaPlayoff',
    name: 'nbaPlayoff',
    owner: 'promo',
    page: page('NbaPlayoffRoute', () => import('../../pages/SportCampaignRoutes')),
  }),
  route({ path: '/nbaVideo', name: 'nbaVideo', owner: 'promo', page: page('NbaVideoRoute', () => import('../../pages/NbaVideoRoute')) }),
  route({ path: '/fiba', name: 'fiba', owner: 'promo', page: page('FibaRoute', () => import('../../pages/SportCampaignRoutes')) }),
  route({ path: '/boxing', name: 'boxing', owner: 'promo', page: page('BoxingRoute', () => import('../../pages/SportCampaignRoutes')) }),
  route({
    path: '/invite-friends',
    name: 'invite-friends',
    owner: 'promo',
    page: page('InviteFriendsPage', () => import('../../../features/promo/InviteFriendsPage')),
    ...L,
    ...P,
  }),
  route({
    path: '/inviteFriends',
    name: 'inviteFriends',
    owner: 'promo',
    page: page('InviteFriendsPage', () => import('../../../features/promo/InviteFriendsPage')),
    ...L,
    ...P,
  }),
  route({
    path: '/newMember',
    name: 'newMember',
    owner: 'promo',
    page: page('WelcomePage', () => import('../../../features/promo/PromoPage')),
    ...P,
  }),
  route({
    path: '/newUser',
    name: 'newUser',
    owner: 'promo',
    page: page('WelcomePage', () => import('../../../features/promo/PromoPage')),
    ...P,
  }),
  route({
    path: '/joinsuccess',
    name: 'joinsuccess',
    owner: 'promo',
    page: page('WelcomePage', () => import('../../../features/promo/PromoPage')),
  }),
  route({
    path: '/joinvisitorsuccess',
    name: 'joinvisitorsuccess',
    owner: 'promo',
    page: page('WelcomePage', () => import('../../../features/promo/PromoPage')),
  }),
  route({
    path: '/bingo_promotion',
    name: 'bingo_promotion',
    owner: 'promo',
    page: page('BingoPromotionPage', () => import('../../../features/promo/TaggedOffersPage')),
  }),
  route({
    path: '/ldpage/letsbingo',
    name: 'ldpage-letsbingo',
    owner: 'promo',
    page: page('BingoPromotionPage', () => import('../../../features/promo/TaggedOffersPage')),
  }),
] as const;
