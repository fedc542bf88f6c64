import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'How to bet',
  summary: 'Your first bet in four steps: fund your wallet, pick a price, set your stake and confirm.',
  updated: '2026-11-27',
  sections: [
    {
      heading: '1. Fund your wallet',
      paragraphs: [
        'Log in and tap Deposit. Pay with GCash, Maya, a bank or a store; the amount reaches your wallet when the payment is confirmed.',
      ],
    },
    {
      heading: '2. Pick a price',
      paragraphs: [
        'Open Sports (or For You) and choose a match. Each price button is an outcome, such as Home, Draw or Away in 1X2. Tap one: it is added to your bet slip.',
        'Tap prices in other matches to build a parlay: every leg must win, and the odds multiply.',
      ],
    },
    {
      heading: '3. Set your stake',
      paragraphs: [
        'Open the bet slip, type the amount or pick a preset. The slip shows the possible payout and the minimum and maximum stake.',
      ],
    },
    {
      heading: '4. Confirm',
      paragraphs: [
        'Tap Place Bet. A live bet takes a few seconds to be accepted; if the odds change meanwhile the slip asks you to accept the new odds (unless you turned on auto-accept).',
        'Your bet appears in My Bets. When the match ends it is settled and any winnings go to your wallet.',
      ],
      list: ['Bet only what you can afford to lose.', 'Set limits in Responsible Gaming if you want help keeping control.'],
    },
  ],
};

export default doc;
