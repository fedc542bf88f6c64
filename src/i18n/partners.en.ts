/** English strings of the partner-host pages (src/features/partner). partners.cn.ts mirrors them key for key. */
export const partnersEn = {
  depositTitle: 'Deposit with GCash',
  openFromHost: 'Open Panalo from your partner app',
  openFromHostBody:
    'This page pays through the partner app’s own payment. Open Panalo from GCash to deposit here, or use Wallet › Deposit.',
  balance: 'Balance',
  amount: 'Amount',
  payWithHost: 'Pay {{amount}} with GCash',
  waiting: 'Waiting for GCash to confirm your payment…',
  received: '{{amount}} received. Good luck!',
  hostFailed: 'GCash could not take this payment. Nothing was taken; please try again.',
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
