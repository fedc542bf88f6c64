/**
 * English strings of the partner hosts' pages added with the Lazada host and the bot (issue 36): the
 * super-app deposit page for any host, /bobotSwitch and /panalo_landingpage. hosts.cn.ts mirrors them.
 */
export const hostsEn = {
  deposit: {
    title: 'Deposit with {{host}}',
    anyHost: 'your partner app',
    openFromHostBody:
      'This page pays through the partner app’s own payment. Open Panalo from GCash or Lazada to deposit here, or use Wallet › Deposit.',
    payWith: 'Pay {{amount}} with {{host}}',
    waiting: 'Waiting for {{host}} to confirm your payment…',
    failed: '{{host}} could not take this payment. Nothing was taken; please try again.',
    withdraw: 'Withdraw',
  },
  bot: {
    title: 'Panalo bot on Viber',
    intro: 'The Panalo bot opens Panalo from your Viber chat, already logged in: tap a button in the chat and you are in.',
    linked: 'Linked to this account since {{date}}.',
    notLinked: 'The bot is not linked to this account.',
    switchLabel: 'Log in from the Viber bot',
    unlinkHint: 'Turning this off unlinks the bot: links it sent before stop working.',
    linkHint: 'To link it, open the bot and share your phone number with it: the number of this account.',
    open: 'Open the Panalo bot',
    unavailable: 'The Panalo bot is not available yet.',
    loadFailed: 'The bot settings could not be loaded. Please try again.',
    unlinked: 'The bot is unlinked from your account.',
    loginFirst: 'Log in to see whether the Panalo bot is linked to your account.',
    login: 'Log in',
  },
  landing: {
    title: 'Welcome to Panalo',
    fromPartner: 'You came from {{partner}}. Panalo works inside it: log in once and pay with the wallet you already use.',
    lead: 'Sports betting, casino games and a wallet that pays out fast, made for players in the Philippines.',
    sportsTitle: 'Sports',
    sportsBody: 'Live odds on basketball, football and more, with cash out and a bet slip that follows you.',
    gamesTitle: 'Casino games',
    gamesBody: 'Slots, live tables and bingo from licensed studios.',
    walletTitle: 'Your money, your way',
    walletBody: 'Deposit and withdraw with GCash, Maya, Lazada Wallet, bank transfer or at a store near you.',
    safeTitle: 'Licensed and safe',
    safeBody: 'PAGCOR-licensed, for players 21 and over. Set deposit limits or take a break any time.',
    register: 'Create my account',
    login: 'Log in',
    sports: 'Go to Sports',
    depositNow: 'Deposit',
    partners: { glife: 'GCash', lazada: 'Lazada', maya: 'Maya', viber: 'Viber' },
  },
};
