/**
 * English strings of the sport campaign pages and the tagged offer pages (issue 35): /nbaPlayoff, /fiba,
 * /boxing, /nbaVideo, /sportActivity-nba-live, /bingo_promotion, /ldpage/letsbingo, /agency-benefits.
 * sportpromo.cn.ts mirrors them key for key.
 */
export const sportpromoEn = {
  missions: 'Missions',
  fixturesLabel: 'When',
  watchProgressLabel: '{{label}}: {{done}} of {{count}} highlights watched',
  watchInProgress: 'In progress: a highlight counts once it has played to the end here.',
  nbaPlayoff: {
    intro:
      'Join a mission, then bet on the basketball games below. Settled bets placed after you join count toward it. The games are from our basketball leagues.',
    fixtures: 'Basketball games',
  },
  fiba: {
    intro:
      'International basketball window: join a mission, then bet on the basketball games below. Settled bets placed after you join count.',
    fixtures: 'Basketball games',
  },
  boxing: {
    intro: 'Fight night: join a mission, then bet on the bouts below. Settled bets placed after you join count.',
    fixtures: 'Boxing bouts',
  },
  nbaLive: {
    intro: 'Live activity: missions for bets placed while a basketball game is being played. Join, then bet on the games in play below.',
    fixtures: 'Basketball games in play',
    all: 'All live activities',
  },
  nbaVideo: {
    intro:
      'This week’s basketball highlights. Join the mission, then play highlights here: each different highlight counts once it has played to the end.',
    clips: 'Basketball highlights',
    none: 'No basketball highlights this week yet. Highlights appear as games are played.',
    watchToEnd: 'Watch to the end for it to count.',
    visitor: 'Log in and join the mission for highlights to count.',
    alreadyCounted: 'Already counted.',
    counted: 'Highlight counted for your mission.',
    countedShort: 'counted',
  },
  offers: {
    bingo: {
      intro: 'Bonus offers for bingo. Read every term before you take one: bonus money is kept apart from your cash.',
      heading: 'Bingo offers',
    },
    agency: {
      intro:
        'Offers featured for players who cash in through an agent or online. Read every term before you take one: bonus money is kept apart from your cash.',
      heading: 'Agency offers',
    },
    none: 'No offer for this page is open right now. Offers you already took are on the promotions page.',
    sameRules: 'These offers follow the same rules as every offer on the promotions page.',
  },
};
