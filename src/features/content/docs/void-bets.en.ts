import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'Void bets',
  summary: 'When a bet is void, your stake comes back to your wallet as if the bet was never placed. Here is when that happens.',
  updated: '2026-11-27',
  sections: [
    {
      heading: 'What a void bet is',
      paragraphs: [
        'A void bet is cancelled: it neither wins nor loses, and the full stake is returned to the wallet it came from. It shows as Void in My Bets.',
        'In a parlay, a void leg counts as odds of 1.00: the other legs still decide the parlay, at odds without that leg.',
      ],
    },
    {
      heading: 'When a bet is made void',
      list: [
        'The match is cancelled, abandoned or postponed and not played within the time the sport’s rules allow.',
        'The market cannot be settled, for example a player bet when the player does not take part.',
        'The odds or the line were clearly wrong (an obvious error) when the bet was accepted.',
        'A live bet was accepted after the event it was about had already happened.',
      ],
    },
    {
      heading: 'Where to see it',
      paragraphs: [
        'Open My Bets, Settled: a void bet shows its returned stake. The wallet record shows the refund with the ticket number.',
        'If you think a bet was made void by mistake, contact Customer Service with the ticket number.',
      ],
    },
  ],
};

export default doc;
