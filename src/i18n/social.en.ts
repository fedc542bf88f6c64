/** English strings of social login (Google and Apple, issue 36). social.cn.ts mirrors them key for key. */
export const socialEn = {
  or: 'or',
  continueWith: 'Continue with {{provider}}',
  opening: 'Opening {{provider}}…',
  finishing: 'Finishing your {{provider}} sign-in…',
  refusedTitle: 'We could not sign you in',
  cancelled: 'You cancelled signing in with {{provider}}. Nothing was changed.',
  backToLogin: 'Log in again',
  linkTitle: 'Link your {{provider}} account',
  linkLoggedIn: 'Link {{provider}} account {{email}} to your Panalo account {{mobile}}? Next time you can log in with {{provider}}.',
  linkConfirm: 'Link {{provider}}',
  notNow: 'Not now',
  linkIntro:
    'Your {{provider}} account {{email}} is not linked to Panalo yet. Enter your mobile number: we send a code to link it to your Panalo account, or to open a new one.',
  codeSentTo: 'We sent a code to {{mobile}}.',
  existingAccount: 'This number has a Panalo account: the code links {{provider}} to it.',
  newAccount: 'New to Panalo? Enter your date of birth to open your account with this number.',
  linkAndLogin: 'Link and log in',
  linked: '{{provider}} is linked. You can now log in with it.',
};
