import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'How to watch live streaming',
  summary:
    'Watch live matches inside Panalo and bet while you watch. Here is how to start a stream, what to do when it will not play and how to save mobile data.',
  updated: '2026-11-01',
  sections: [
    {
      heading: 'Open a live match',
      paragraphs: [
        'Go to Sports or For You and tap any match marked as live. The live match page opens with the video area at the top.',
        'Below the video you will find these tabs:',
      ],
      list: [
        'Bet – all the markets and odds of the match',
        'Chat – chat with other fans during the match',
        'Picks – picks from our analysts for this match',
        'Standing – the league table of the competition',
        'Analysis – form, head-to-head and statistics',
        'Line-up – starting line-ups and substitutes',
      ],
    },
    {
      heading: 'When the video does not play',
      paragraphs: [
        'A match can have more than one video source. Panalo tries them automatically, one after another. If a source fails or stops, the next one is tried for you, so you do not need to do anything.',
        'If none of the sources works, you will see the message ‘video not found’. You can still follow the match and bet on the Bet tab. Try again later, because a source may come back during the match.',
        'Live video is not available for every match. It depends on the sport, the competition and the rights we have for that event. Some streams are only shown to players who are logged in, so log in first if the video does not start.',
      ],
    },
    {
      heading: 'Save mobile data',
      paragraphs: ['Video uses much more data than the rest of the app. To keep your data under control:'],
      list: [
        'Use Wi-Fi when you can, especially for long matches.',
        'Choose a lower quality if the player offers it.',
        'Close the video and follow the match on the Bet tab when you only need the score and odds.',
        'Check how much data your mobile plan has left before a full match.',
      ],
    },
    {
      heading: 'Bet while you watch',
      paragraphs: [
        'Open the Bet tab to place bets without leaving the stream. Live odds change all the time during the match. When a price moves, it flashes so you can see it has changed.',
        'Your bet is only accepted when you see the confirmation. If the price changes before your bet is confirmed, the bet slip shows the new price so you can decide whether to continue.',
      ],
    },
    {
      heading: 'Why the video is behind and odds suspend',
      paragraphs: [
        'Live video always runs a little behind the real action, usually a few seconds and sometimes more, depending on the source and your connection. Live odds come from a faster data feed, so the odds can react before you see the moment on screen.',
        'When something important happens or is about to happen – a goal, a free throw, a penalty, a video review – live markets may be suspended for a short time while prices are updated. This is normal. Betting opens again as soon as the new odds are ready.',
      ],
    },
  ],
};

export default doc;
