/** English strings of issue 38's remaining parts (cash-out on the match page). bets38.cn.ts mirrors them key for key. */
export const bets38En = {
  matchTickets_one: 'Your open bet on this match',
  matchTickets_other: 'Your {{count}} open bets on this match',
  allOpen_one: 'See it in My Bets',
  allOpen_other: 'See all {{count}} in My Bets',
};
