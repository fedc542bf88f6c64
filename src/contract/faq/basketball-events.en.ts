import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'Basketball betting explained',
  summary:
    'The main basketball markets on Panalo, how quarters and overtime count, and how bets are settled or voided – for the PBA, the NBA and other leagues.',
  updated: '2026-11-01',
  sections: [
    {
      heading: 'The main markets',
      list: [
        'Moneyline – pick the team that wins the game. There is no draw: overtime is played until there is a winner.',
        'Handicap (spread) – one team starts with a points handicap, for example −5.5, and the other with +5.5. Your team wins the bet if it covers the handicap once it is added to the final score.',
        'Over/under total points – bet on whether both teams together score more or less than the line, for example over or under 210.5 points.',
        'Odd/even – bet on whether the total points scored will be an odd or an even number.',
        'Player props – bets on one player, such as points, rebounds, assists or three-pointers made.',
      ],
    },
    {
      heading: 'Quarters and overtime',
      paragraphs: [
        'A game has four quarters (1st, 2nd, 3rd and 4th). If the score is level after the 4th quarter, overtime (OT) periods are played until there is a winner.',
        'Unless a market says otherwise, full-game markets include overtime. This applies to the moneyline, handicap, total points, odd/even and player props.',
        'Quarter markets cover only the quarter named. They are settled on the points scored in that quarter, so overtime is never added to a 4th-quarter market. Half markets work the same way and do not include overtime unless the market says so.',
      ],
    },
    {
      heading: 'Quarter markets and live betting',
      paragraphs: [
        'For many games you can bet on a single quarter: the quarter winner, the quarter handicap or the total points in that quarter. This is a good way to bet on how a game starts or finishes.',
        'During the game, live markets stay open and the odds change with every basket. Markets may be suspended for a moment, for example during free throws or video reviews, and open again with new odds. A live bet counts only once it is confirmed on your bet slip.',
      ],
    },
    {
      heading: 'How bets are settled',
      paragraphs: [
        'Bets are settled on the official result published by the league or competition organiser when the game ends. Later changes, such as protests or appeals, do not change a bet that has already been settled.',
        'If a handicap or total lands exactly on the line (for example a whole-number line such as 210), the stake is returned for that bet. For player props, the player must take part in the game; if the player does not play at all, bets on that player are void.',
      ],
    },
    {
      heading: 'If a game is abandoned or postponed',
      paragraphs: [
        'If a game is stopped and not completed, or postponed and not played as scheduled, bets on markets that were not yet decided are void and your stake goes back to your balance.',
        'Bets on markets that were already decided before the game stopped – for example a 1st-quarter market when the 1st quarter was completed – stand and are settled normally.',
      ],
    },
  ],
};

export default doc;
