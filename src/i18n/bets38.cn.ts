import type { bets38En } from './bets38.en';

/** issue 38 其余部分（比赛页的提前结算）的中文，与 bets38.en.ts 逐键对应。 */
export const bets38Cn: typeof bets38En = {
  matchTickets_one: '您在本场比赛的未结算注单',
  matchTickets_other: '您在本场比赛的 {{count}} 张未结算注单',
  allOpen_one: '在我的注单中查看',
  allOpen_other: '在我的注单中查看全部 {{count}} 张',
};
