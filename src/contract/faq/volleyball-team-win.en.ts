import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'How a volleyball team wins',
  summary:
    'How sets and matches are won in volleyball, the main betting markets and how bets settle, including when a match is not completed.',
  updated: '2026-11-01',
  sections: [
    {
      heading: 'Sets and matches',
      paragraphs: [
        'A volleyball match is played as best of five sets. The first team to win three sets wins the match, so a match can end 3–0, 3–1 or 3–2.',
        'Sets 1 to 4 are played to 25 points. A team must win by at least two points, so if the score reaches 24–24 the set continues until one team leads by two, for example 26–24 or 31–29.',
        'If the match is tied at two sets each, a fifth set (the tie-break) is played to 15 points, again with a two-point lead needed.',
      ],
    },
    {
      heading: 'Live scores',
      paragraphs: [
        'On the live match page you can see the score of every set as it happens, as well as the sets won by each team. Use it to follow the match point by point and to choose your live bets.',
      ],
    },
    {
      heading: 'Main markets',
      list: [
        'Match winner – the team that wins three sets.',
        'Set handicap – one team gets a head start in sets, for example −1.5 sets. A team at −1.5 sets must win 3–0 or 3–1.',
        'Total points – over or under the total points scored by both teams in the whole match, or in one set.',
        'Correct set score – the exact final score in sets: 3–0, 3–1, 3–2, 2–3, 1–3 or 0–3.',
        'Set winner – the team that wins a specific set.',
      ],
    },
    {
      heading: 'How bets settle',
      paragraphs: [
        'Bets are settled on the official result announced by the competition organiser at the end of the match. Points scored in a fifth set count towards match total points. A set market is settled on that set only.',
        'Live markets may be suspended briefly, for example during a video challenge, and reopen with new odds.',
      ],
    },
    {
      heading: 'If a match is not completed',
      paragraphs: [
        'If a match starts but is not completed, bets on markets whose result was already decided stand. For example, a bet on the winner of Set 1 stands if Set 1 was finished.',
        'Bets on markets that were not yet decided – such as the match winner, set handicap, correct set score or match total points – are void, and the stake is returned to your balance.',
        'If a match is postponed and not played as scheduled, all bets on it are void.',
      ],
    },
  ],
};

export default doc;
