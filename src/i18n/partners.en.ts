/** English strings of the partner-host pages (src/features/partner). partners.cn.ts mirrors them key for key. */
export const partnersEn = {
  openFromHost: 'Open Panalo from your partner app',
  balance: 'Balance',
  amount: 'Amount',
  received: '{{amount}} received. Good luck!',
  maya: {
    title: 'Panalo in Maya',
    openFromMaya: 'Open Panalo from Maya',
    openFromMayaBody: 'This page is Panalo’s home inside the Maya app. Open Panalo from Maya’s Games tab to sign in here.',
    refusedTitle: 'We could not sign you in',
    linked: 'Maya wallet {{mobile}} linked',
    kycTitle: 'Verify your identity',
    kycBody: 'Verify your identity once before your first deposit. It takes about 3 minutes.',
    kycAction: 'Verify now',
    deposit: 'Deposit {{amount}} with Maya',
    depositFailed: 'Maya could not start this deposit. Nothing was taken; please try again.',
    withdraw: 'Withdraw to Maya',
  },
};
