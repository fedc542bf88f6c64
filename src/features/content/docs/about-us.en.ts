import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'About Panalo',
  summary: 'Panalo is a sportsbook and casino app made for Filipino players, built for phones and for slow mobile data.',
  updated: '2026-11-01',
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        'Panalo is a Filipino-focused sportsbook and casino app. We built it for the way people in the Philippines actually play: on their phones, often on mobile data, and in the short breaks of a busy day.',
        'Our goal is simple: give Filipino players a fair, safe and fun place to follow their favourite sports and games, with local payment methods, clear rules and help whenever they need it.',
        'The operator’s registered name and license details are shown in the app footer and are available from Customer Service on request.',
      ],
    },
    {
      heading: 'Made for your phone',
      paragraphs: [
        'Panalo is designed first for mobile. Every screen is made to be used with one hand on a small screen, and every page is kept light so it works well even when your signal is weak.',
      ],
      list: [
        'Light and fast – Panalo loads quickly and keeps working on slow mobile data.',
        'Installable – add Panalo to your home screen and open it like any other app, without a large download from an app store.',
        'Inside the apps you already use – open Panalo from partner apps such as GCash, Maya, Lazada and Viber.',
        'Easy on your data – pages are kept small, so you can save your data for what matters, like live video.',
      ],
    },
    {
      heading: 'Sports the Philippines loves',
      paragraphs: ['Bet before a match or live while it is played. We cover the sports Filipino fans follow most closely:'],
      list: [
        'Basketball, including the PBA and the NBA',
        'Volleyball, including the PVL',
        'Football',
        'Esports, including Mobile Legends: Bang Bang, Dota 2, League of Legends, Valorant and Counter-Strike',
        'Boxing',
        'And many more sports and competitions from around the world',
      ],
    },
    {
      heading: 'Watch, follow and play',
      paragraphs: [
        'Many live matches can be watched right in the app, with the odds next to the video. For each match you can also check picks, standings, analysis and line-ups, and chat with other fans.',
        'When you want a change from sports, our casino offers slots, live casino with real dealers, poker, bingo and arcade games from established game providers.',
      ],
    },
    {
      heading: 'Local payments',
      paragraphs: [
        'Deposit and withdraw with the payment methods you already use: GCash, Maya and bank transfer. Deposits and withdrawals are usually processed within minutes. Your balance is always in Philippine pesos, accurate to the centavo, so what you see is exactly what you have.',
        'We also reward our players with vouchers, coupons and daily rebates. Each promotion has its own clear terms, which you can read before you join.',
      ],
    },
    {
      heading: 'Our commitments',
      list: [
        'Licensed and regulated – Panalo is operated under a license from PAGCOR and follows its rules.',
        'For adults only – Panalo is for players aged 21 or older. We check every player’s identity and age.',
        'Responsible gaming – we offer limits, cooling-off periods, self-exclusion and other tools, and we encourage you to play for fun, within your budget.',
        'A secure wallet – your balance is kept in pesos to the centavo. Your data is encrypted, withdrawals are protected by a withdrawal password, and payouts go only to accounts in your own name.',
        'Privacy – we handle your personal data in line with the Data Privacy Act of 2012 and never sell it.',
        'Help at any time – Customer Service is available 24/7 in English and Filipino.',
      ],
    },
    {
      heading: 'Get in touch',
      paragraphs: [
        'Questions, ideas or problems? Contact Customer Service in the app (Account › Live Support), available 24/7. We are always glad to hear from you, and your feedback helps us make Panalo better.',
        'You can also find quick answers in our FAQ, for example how live streaming works, how basketball, esports and volleyball bets are settled, and our deposit and withdrawal limits.',
      ],
    },
  ],
};

export default doc;
