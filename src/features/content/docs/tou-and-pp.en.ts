import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'Terms of Use and Privacy Policy – summary',
  summary: 'The key points you agree to when you create a Panalo account. This is a short summary – please read the full documents too.',
  updated: '2026-11-01',
  sections: [
    {
      heading: 'Before you register',
      paragraphs: [
        'When you create a Panalo account, you agree to our Terms and Conditions and Terms of Use, and you confirm that you have read our Privacy Policy. Panalo is operated under a license from PAGCOR. This page sums up the most important points in plain language. It does not replace the full documents. If you do not agree, please do not create an account.',
      ],
    },
    {
      heading: 'Who can play',
      list: [
        'You are 21 years old or older.',
        'You are physically in the Philippines when you use Panalo.',
        'You are not a government official or employee barred from gaming, and you are not an excluded or restricted person listed by PAGCOR.',
      ],
    },
    {
      heading: 'Your own account',
      list: [
        'You may have only one Panalo account, registered with your own mobile number and in your own name.',
        'The details you give us are true, and you will keep them up to date.',
        'You will not sell, share or lend your account, and you will keep your passwords and one-time codes to yourself.',
        'Deposits and withdrawals are made only through payment accounts in your own name, and withdrawals are protected by a withdrawal password.',
      ],
    },
    {
      heading: 'Identity verification (KYC)',
      paragraphs: [
        'As PAGCOR requires, you will verify your identity within 7 days of registering, with a valid government-issued ID and a selfie. Until you do, betting and deposits may be temporarily suspended, and you cannot withdraw.',
      ],
    },
    {
      heading: 'Using the app fairly',
      paragraphs: [
        'You agree to use Panalo only for your own entertainment. You will not use bots or other automated tools, scrape odds or data, exploit errors or bugs, or try to interfere with the app. Bets count only once they are confirmed, and they are settled on official results. Bonuses and promotions have their own terms.',
      ],
    },
    {
      heading: 'How we use your data',
      list: [
        'We process your personal data – including your mobile number, name, birthday, address, ID and selfie – to run your account, verify your identity and age, and meet anti-money laundering rules, as required by PAGCOR and the Anti-Money Laundering Council.',
        'We also use your data to process payments, keep your account secure, prevent fraud and answer your questions.',
        'We share data only with those who need it, such as payment and verification providers, the partner app you came from, and regulators or law enforcement when the law requires. We never sell your data.',
        'We keep your data only as long as needed and as the law requires – for example, anti-money laundering records for at least five years.',
        'Your data is encrypted in transit, and sensitive details are stored encrypted.',
      ],
    },
    {
      heading: 'Marketing only with your consent',
      paragraphs: [
        'We send you promotions and other marketing messages only if you agree to receive them. You can say no when you register, and you can change your mind at any time in the app or through Customer Service. Messages about your account, security and payments are not marketing and will still be sent.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'Under the Data Privacy Act of 2012, you have the right to be informed, to access and correct your data, to object, to have it erased or blocked, to data portability, to claim damages and to file a complaint with the National Privacy Commission. Contact Customer Service to use these rights.',
      ],
    },
    {
      heading: 'Read the full documents',
      paragraphs: [
        'The full rules are in our Terms and Conditions, Terms of Use and Privacy Policy pages, which you can open at any time from the app. If you have a question, contact Customer Service in the app (Account › Live Support), available 24/7.',
      ],
    },
  ],
};

export default doc;
