/** English strings of Web Push (issue 38: the opt-in, the settings' switches, iOS). push.cn.ts mirrors them key for key. */
export const pushEn = {
  offerTitle: 'Know when your bets settle',
  offerBody:
    'Turn on notifications and we tell you when a bet is settled (with the amount), a cash-out is done or a withdrawal is paid. You choose which in Settings.',
  turnOn: 'Turn on',
  notNow: 'Not now',
  offerOn: 'Notifications are on.',
  offerBlocked: 'Notifications are off. You can turn them on in Settings.',
  settingsLegend: 'Notifications',
  settingsIntro: 'What this phone is told, even with the app closed.',
  enable: 'Turn on notifications on this device',
  enabled: 'Notifications are on on this device.',
  denied: 'Notifications are blocked for this site in your browser’s settings.',
  unsupported: 'This browser cannot show notifications.',
  unsupportedIos:
    'On iPhone and iPad, add Panalo to your home screen (Share, then Add to Home Screen) and open it from there to get notifications.',
  loginFirst: 'Log in to choose your notifications.',
  saved: 'Saved.',
  kinds: {
    betSettled: 'Bet settled (won, lost, void)',
    cashout: 'Cash-out done',
    withdrawal: 'Withdrawal paid or failed',
    kyc: 'Identity verification decided',
    depositLimit: 'Deposit limit reached',
  },
  iosHomeScreen:
    'Notifications on iPhone and iPad: Safari sends them only to Panalo added to the home screen. Add it (Share, then Add to Home Screen), open it from the home screen, then turn notifications on in Settings.',
};
