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
};
