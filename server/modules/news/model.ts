import type { NewsArticle } from '../../../src/contract/news';

/**
 * The articles a new site starts with (written to `<dataDir>/news.json` at first start): about the
 * product itself, one per category, so every category page has something true to show until the operator
 * publishes its own.
 */
export const SEED_ARTICLES: NewsArticle[] = [
  {
    id: 'match-video-is-here',
    category: 'panalo-news',
    label: 'product',
    publishedAt: '2026-11-20T02:00:00.000Z',
    title: { en: 'Watch live matches in the app', cn: '在应用内观看比赛直播' },
    summary: {
      en: 'Live matches now have video: tap "Watch live" on a match, or open Live streams.',
      cn: '直播比赛现已提供视频：在比赛页点按"观看直播"，或打开直播列表。',
    },
    body: {
      en: [
        'Many live matches now come with video. On a live match, tap "Watch live"; the list of every match with video is under Live streams.',
        'Video never starts by itself on a slow connection or with data saver on, so your mobile data goes where you choose. Pick a quality, or leave it on Auto to follow your connection.',
        'When one video source fails, the next one is tried for you. If none is available you will see "video not found": the markets and the live score keep working.',
      ],
      cn: [
        '许多直播比赛现已提供视频。在直播比赛页点按"观看直播"；所有可观看的比赛都在直播列表中。',
        '在网络较慢或开启省流量时，视频不会自动播放，流量由您决定。您可以选择清晰度，或保持"自动"随网络调整。',
        '一个视频源失败时，系统会自动尝试下一个。若都无法播放，会显示"未找到视频"：盘口和比分照常更新。',
      ],
    },
  },
  {
    id: 'about-panalo',
    category: 'brand-story',
    publishedAt: '2026-11-01T02:00:00.000Z',
    title: { en: 'Panalo: sports, casino and wallet in one app', cn: 'Panalo：体育、娱乐场与钱包合一' },
    summary: {
      en: 'One account for sports betting, casino games and your wallet, made for phones in the Philippines.',
      cn: '一个账户即可体育投注、娱乐场游戏和管理钱包，专为菲律宾手机用户打造。',
    },
    body: {
      en: [
        'Panalo is built for phones first: it installs from the browser, opens fast on a slow link and keeps the pages you have seen readable offline.',
        'Deposits and withdrawals go through the e-wallets and banks you already use. Responsible-gaming tools — limits, breaks and self-exclusion — are in your account at any time.',
      ],
      cn: [
        'Panalo 以手机为先：可从浏览器安装，网络较慢也能快速打开，看过的页面离线也能阅读。',
        '存款和提款通过您常用的电子钱包和银行完成。负责任博彩工具（限额、休息和自我排除）随时可在账户中使用。',
      ],
    },
  },
  {
    id: 'how-winner-stories-are-chosen',
    category: 'winner-story',
    publishedAt: '2026-11-10T02:00:00.000Z',
    title: { en: 'How we publish winner stories', cn: '我们如何发布赢家故事' },
    summary: {
      en: 'Winner stories appear here only with the winner’s written consent, and never show account details.',
      cn: '赢家故事仅在获得赢家书面同意后发布，且绝不显示账户信息。',
    },
    body: {
      en: [
        'A winner story is published only when the player agrees in writing. We show a first name or a nickname and the game or match — never a phone number, an account name or a balance.',
        'A player can ask Customer Service to take their story down at any time.',
      ],
      cn: [
        '只有在玩家书面同意后，我们才会发布赢家故事。我们只显示名字或昵称以及游戏或比赛，绝不显示手机号、账户名或余额。',
        '玩家可随时联系在线客服要求撤下其故事。',
      ],
    },
  },
  {
    id: 'press-contact',
    category: 'media-coverage',
    publishedAt: '2026-11-05T02:00:00.000Z',
    title: { en: 'For the press', cn: '媒体联络' },
    summary: {
      en: 'Articles about Panalo in the press are listed here as they appear.',
      cn: '媒体关于 Panalo 的报道将在发表后列于此处。',
    },
    body: {
      en: ['Coverage of Panalo in newspapers, sites and broadcasts will be listed here with a link to the original as it appears.'],
      cn: ['报纸、网站和广播中关于 Panalo 的报道发表后，将在此列出并附原文链接。'],
    },
  },
];
