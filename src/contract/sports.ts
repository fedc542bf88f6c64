/** Sport type ids, bet types, odds types, market and event states of spec §3 and §4. */

/** Sport type ids are strings on the wire. */
export const SportTypeId = {
  Football: '1',
  Basketball: '2',
  AmericanFootball: '3',
  IceHockey: '4',
  Tennis: '5',
  Volleyball: '6',
  Snooker: '7',
  Baseball: '8',
  Badminton: '9',
  Golf: '10',
  Motorsports: '11',
  Swimming: '12',
  Politics: '13',
  WaterPolo: '14',
  Diving: '15',
  Boxing: '16',
  Archery: '17',
  TableTennis: '18',
  Weightlifting: '19',
  Canoeing: '20',
  Gymnastics: '21',
  Athletics: '22',
  Equestrian: '23',
  Handball: '24',
  Darts: '25',
  Rugby: '26',
  FieldHockey: '28',
  WinterSports: '29',
  Squash: '30',
  Entertainment: '31',
  NetBall: '32',
  Cycling: '33',
  Fencing: '34',
  Judo: '35',
  Pentathlon: '36',
  Rowing: '37',
  Sailing: '38',
  Shooting: '39',
  Taekwondo: '40',
  Triathlon: '41',
  Wrestling: '42',
  ESports: '43',
  MuayThai: '44',
  BeachVolleyball: '45',
  SepakTakraw: '48',
  Finance: '55',
  Lotto: '56',
  Others: '99',
  VirtualBasketball: '134',
} as const;
export type SportTypeId = (typeof SportTypeId)[keyof typeof SportTypeId];

/** Special sport tabs that are not sport type ids. */
/**
 * The sports /foryou draws from (the ones most players here bet on): the page watches each of them, and
 * the server inlines their first lists into the page's HTML (server/plugins/firstPaint.ts).
 */
export const FOR_YOU_SPORTS = ['1', '2', '43'] as const;

export const SPECIAL_SPORT_TABS = ['cockfighting', 'horseracing', 'pingoal', 'more', 'PHL'] as const;
export type SpecialSportTab = (typeof SPECIAL_SPORT_TABS)[number];

export const BET_TYPES = ['single', 'parlay', 'outright', 'endingGame', 'player'] as const;
export type BetKind = (typeof BET_TYPES)[number];

export const OddsType = {
  HongKong: 2,
  Decimal: 3,
  Parlay: 4,
  Malaysian: 5,
  Indonesia: 6,
  American: 7,
} as const;
export type OddsType = (typeof OddsType)[keyof typeof OddsType];
export const DEFAULT_ODDS_TYPE: OddsType = OddsType.Decimal;

export const MarketStatus = {
  Running: 'Running',
  Closed: 'Closed',
  Suspend: 'Suspend',
  ClosedPrice: 'ClosedPrice',
} as const;
export type MarketStatus = (typeof MarketStatus)[keyof typeof MarketStatus];

/** The feed also sends lowercase spellings; this maps every spelling to one status. */
export function normalizeMarketStatus(raw: string): MarketStatus | undefined {
  switch (raw) {
    case 'Running':
    case 'running':
      return MarketStatus.Running;
    case 'Closed':
    case 'closed':
      return MarketStatus.Closed;
    case 'Suspend':
    case 'suspend':
      return MarketStatus.Suspend;
    case 'ClosedPrice':
    case 'closePrice':
      return MarketStatus.ClosedPrice;
    default:
      return undefined;
  }
}

export const EVENT_STATUSES = ['closed', 'postponed', 'deleted', 'running'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** An event is live only when running with runningStatus '0'. */
export function isLiveEvent(match: { eventStatus: string; runningStatus: string }): boolean {
  return match.eventStatus === 'running' && match.runningStatus === '0';
}

/** Bet result status of a placement (spec §4). `running` means success, `reject` means error. */
export const BET_RESULT_STATUSES = ['idle', 'pending', 'running', 'reject', 'waiting'] as const;
export type BetResultStatus = (typeof BET_RESULT_STATUSES)[number];
