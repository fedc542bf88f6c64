/** Stored browser keys of spec §3 (localStorage) and the acquisition parameters kept in session storage. */

export const StorageKey = {
  userList: 'userList',
  maintenance: 'maintenance',
  maintenanceImage: 'maintenanceImage',
  opportunities: 'opportunities',
  jackpotAmount: 'jackpotAmount',
  today: 'today',
  afUserId: 'afUserId',
  kycInfo: 'kycInfo',
  /** Defaults to true. */
  seamless: 'seamless',
  bet_mode: 'bet_mode',
  last_amount: 'last_amount',
  quick_bet_amount: 'quick_bet_amount',
  user_default_tab: 'user_default_tab',
  // Keys of this product beyond the spec's list ("and others").
  session: 'session',
  preferences: 'preferences',
  deviceId: 'deviceId',
  betSlip: 'betSlip',
  /** When the security prompt (spec §4) was last shown, per login name. */
  securityPrompt: 'securityPrompt',
  /** The casino's likes, recently played and search history (spec §3 likeGameList, historyGameList, lastGamePlayed). */
  games: 'games',
  /** Which provider's sign-in this tab started (Google or Apple): /googleloginredirect answers the matching call. */
  socialProvider: 'socialProvider',
  /** The data-saver choice of /settings (issue 38): 'auto', 'on' or 'off'. */
  dataSaver: 'dataSaver',
  /** Web Push's opt-in was offered on this device (after a first bet): not offered again (issue 38). */
  pushOffer: 'pushOffer',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** Acquisition parameters: read from the first address a visitor lands on and kept for the session. */
export const ACQUISITION_PARAMS = ['visitor_id', 'action', 'reference', 'zoneid', 'clickid', 'subid_short', 'subid'] as const;
export type AcquisitionParam = (typeof ACQUISITION_PARAMS)[number];

/** Invite parameters, kept for the session and sent with the first registration. */
export const INVITE_PARAMS = ['inviteFromCustomerId', 'inviteFromLoginName', 'inviteTempleId'] as const;
export type InviteParam = (typeof INVITE_PARAMS)[number];
