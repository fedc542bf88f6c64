/** The privacy choice (issue 39: first-visit prompt and /settings), English. privacy.cn.ts mirrors it key for key. */
export const privacyEn = {
  promptTitle: 'Your privacy',
  promptBody:
    'May we count how Panalo is used (pages opened, features seen and tapped) to improve it? No name, phone number or email is ever in these counts. You can change this any time in Settings.',
  allow: 'Allow analytics',
  refuse: 'Only necessary',
  necessaryTitle: 'Always on (necessary)',
  necessary: {
    consentChoice: 'Your privacy choice itself (the law asks us to keep it)',
    ageRefused: 'A refused registration for being under 21 (regulatory)',
    sessionEnded: 'A login ended for your account’s safety (security)',
    deviceCheck: 'Device checks against fraud (fraud prevention)',
  },
  settingsLegend: 'Analytics (Data Privacy Act of 2012)',
  granted: 'Allowed',
  denied: 'Only necessary',
};
