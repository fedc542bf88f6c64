/** The /feature experiment's versions (issue 39), English. experiments.cn.ts mirrors it key for key. */
export const experimentsEn = {
  A: {
    title: 'Live odds on every game',
    body: 'Bet on PBA, football and more while they play, with prices that move as the game does.',
    cta: 'Join Panalo',
  },
  B: {
    title: 'Slots, tables and live casino',
    body: 'Hundreds of games in one lobby, with your favourites one tap away.',
    cta: 'Create your account',
  },
  C: {
    title: 'One wallet for sports and casino',
    body: 'Deposit with GCash or Maya once and play anywhere in Panalo.',
    cta: 'Get started',
  },
  unavailable: 'This page is not available right now',
  tryAgain: 'Check your connection and try again.',
};
