import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'Minimum and maximum deposit and withdrawal',
  summary:
    'How much you can deposit and withdraw, why limits depend on the payment channel, and what you need before your first withdrawal.',
  updated: '2026-11-01',
  sections: [
    {
      heading: 'Deposits',
      paragraphs: ['On the deposit page, tap a quick amount or type your own amount. The quick amounts are:'],
      list: ['₱100', '₱200', '₱500', '₱1,000', '₱2,000', '₱10,000'],
    },
    {
      heading: 'Deposit limits depend on the channel',
      paragraphs: [
        'You can deposit with GCash, Maya or bank transfer. Each channel has its own minimum and maximum amount, because the limits come from the channel itself. The deposit page shows the minimum and maximum for the channel you choose.',
        'If your amount is below the minimum or above the maximum, change the amount or choose another channel. Your GCash, Maya or bank account may also have its own daily or monthly limits.',
      ],
    },
    {
      heading: 'Withdrawals',
      paragraphs: [
        'By default, each withdrawal request must be at least ₱200 and at most ₱3,000,000. The limits shown on the withdraw page are the ones that apply to your account. The quick amounts are:',
      ],
      list: ['₱200', '₱500', '₱700', '₱1,000', '₱2,000', '₱10,000'],
    },
    {
      heading: 'Before your first withdrawal',
      list: [
        'Verify your identity (KYC). You cannot withdraw until your identity is verified. Go to Account and follow the steps to upload a valid ID and a selfie.',
        'Set a withdrawal password in Account › Security Center. It protects your withdrawals: it is asked for when you withdraw, so nobody else can take money out even if they open your app. Keep it different from your login password and never share it.',
        'Withdraw to an account in your own name. Payouts go to a GCash, Maya or bank account registered in the same name as your Panalo account.',
      ],
    },
    {
      heading: 'Processing times and pending balances',
      paragraphs: [
        'Deposits and withdrawals are usually processed within minutes. Sometimes they take longer, for example during bank cut-off times or when a payment channel is under maintenance.',
        'While a deposit or withdrawal is being processed, your balance shows it as pending for a short time. When processing is complete, the amount is added to or taken from your balance. If a movement stays pending for a long time, contact Customer Service in the app (Account › Live Support), available 24/7.',
      ],
    },
  ],
};

export default doc;
