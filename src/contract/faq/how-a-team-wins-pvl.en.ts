import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'How a team wins in the PVL',
  summary: 'How matches, conferences and standings work in the Premier Volleyball League, and how to bet on PVL matches on Panalo.',
  updated: '2026-11-01',
  sections: [
    {
      heading: 'What is the PVL?',
      paragraphs: [
        'The Premier Volleyball League (PVL) is the professional women’s volleyball league of the Philippines. Its teams, many of them backed by Filipino companies, play several tournaments called conferences during the year.',
      ],
    },
    {
      heading: 'How a match is won',
      paragraphs: [
        'PVL matches are best of five sets. The first team to win three sets wins the match.',
        'Sets 1 to 4 are played to 25 points and the fifth set, if needed, to 15 points. In every set a team must win by two points, so a set can go past 25 (or 15) until one team leads by two.',
      ],
    },
    {
      heading: 'How a conference works',
      paragraphs: [
        'Each conference usually starts with an elimination round, where teams play each other and build up their record. The best-placed teams then move on to a playoff stage, which can include quarterfinals, semifinals and finals, while the others are eliminated.',
        'The exact format – the number of teams, how many advance and whether a round is a single match or a series – can change from one conference to the next. The league announces the format before each conference starts.',
      ],
    },
    {
      heading: 'Standings and match points',
      paragraphs: [
        'Teams are mainly ranked by their wins and losses. When teams are level, volleyball leagues commonly use match points and then set and point ratios to separate them.',
        'A common match points system gives 3 points for a 3–0 or 3–1 win, 2 points for a 3–2 win, 1 point for a 2–3 loss and no points for a 0–3 or 1–3 loss. The PVL may use different rules in a given conference.',
        'On Panalo, the standings shown on the Standing tab of a PVL match are the authority: always check them there for the current table.',
      ],
    },
    {
      heading: 'Betting on PVL matches',
      paragraphs: [
        'Find PVL matches under Volleyball in Sports, or on For You when a match is coming up. You can bet before the match and, for many matches, live while it is played.',
        'Popular markets include the match winner, set handicap, total points, correct set score and the winner of each set. Bets are settled on the official result and follow the same rules as other volleyball matches, including when a match is not completed. See ‘How a volleyball team wins’ for details.',
      ],
    },
  ],
};

export default doc;
