/** Apart from ./events.ts so a first-screen page can name its feature id without the event contract. */

/**
 * Feature ids (spec §9 "calendar/feature ids exist for click tracking"; values not given): the parts of
 * pages whose exposure and taps the operator compares. A calendar id is the /sports date tab's dateId.
 */
export const FEATURE_ID = {
  /** The featured matches rail on /foryou. */
  forYouFeatured: 'foryou.featured',
  /** The date tabs of /sports (spec §2 dateId): a click carries the date as its calendar id. */
  sportsCalendar: 'sports.calendar',
  /** The /promo offers: `promo.<offer id>`, an exposure per offer seen and a click on its opt-in. */
  promoOffer: 'promo',
  /** The /feature experiment page's offer, by group: feature.A, feature.B, feature.C. */
  experimentOffer: 'feature',
} as const;
