import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'Esports betting explained',
  summary:
    'Which esports you can bet on, how maps and best-of series work, the main markets, and what happens with pauses, remakes and walkovers.',
  updated: '2026-11-01',
  sections: [
    {
      heading: 'Games we cover',
      paragraphs: [
        'Panalo offers markets on the biggest esports titles, including Dota 2, League of Legends, Mobile Legends: Bang Bang, Valorant and Counter-Strike. The games and tournaments available change with the esports calendar, so check the Esports section of Sports for what is on today.',
      ],
    },
    {
      heading: 'Maps and best-of series',
      paragraphs: [
        'Most esports matches are played as a series of maps (also called games). A best-of-three (Bo3) is won by the first team to win two maps; a best-of-five (Bo5) by the first team to win three. Some matches are a single map (Bo1).',
        'Markets for each map are shown as Map 1, Map 2 and so on, up to Map 5. A map market is settled only on that map.',
      ],
    },
    {
      heading: 'The main markets',
      list: [
        'Match winner – the team that wins the series.',
        'Map handicap – one team gets a head start or a deficit in maps, for example −1.5 maps. In a Bo3, −1.5 wins only if the team wins 2–0.',
        'Total maps – over or under a number of maps played, for example over 2.5 maps in a Bo3 means the series goes to a third map.',
        'Map winner – the team that wins a specific map.',
        'Correct score – the exact series score, such as 2–1.',
      ],
    },
    {
      heading: 'Live betting',
      paragraphs: [
        'Many matches can be bet on live, between maps and during play. Odds change quickly with every fight, round or objective. Markets may be suspended for a moment after big plays and reopen with new odds. A live bet counts only once it is confirmed on your bet slip.',
      ],
    },
    {
      heading: 'Pauses, remakes and walkovers',
      paragraphs: [
        'Technical pauses: if play is paused for a technical problem and then continues, all bets stand. Live markets are suspended during the pause.',
        'Remakes: if a map is restarted from the beginning, bets placed before the map started are settled on the result of the replayed map. Live bets placed during the map that was restarted are void and the stake is returned.',
        'Walkovers: if a match is not played, or one team is awarded the win by walkover or forfeit before play starts, all bets on the match are void.',
        'Withdrawal or disqualification during a match: bets on maps that were completed stand. Bets on the match and on maps that were not completed are void, unless their result was already decided.',
        'Change of format: if the number of maps played differs from the one listed (for example a Bo3 changed to a Bo1), match winner bets stand, while map handicap, total maps and correct score bets are void.',
      ],
    },
    {
      heading: 'How results are decided',
      paragraphs: [
        'Bets are settled on the official result announced by the tournament organiser at the end of the match or map. Changes made later, for example after an appeal or a penalty decided days afterwards, do not affect bets that have already been settled.',
      ],
    },
  ],
};

export default doc;
