import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'License and regulation',
  summary:
    'Panalo is operated under a license from PAGCOR. Here is what that means for you, how to check it, and how we keep games fair and players safe.',
  updated: '2026-11-01',
  sections: [
    {
      heading: 'Licensed by PAGCOR',
      paragraphs: [
        'Panalo is operated under a license from the Philippine Amusement and Gaming Corporation (PAGCOR), the government-owned corporation that regulates gaming in the Philippines.',
        'The operator’s registered name and license details are shown in the app footer and are available from Customer Service on request.',
      ],
    },
    {
      heading: 'What PAGCOR regulates',
      paragraphs: [
        'PAGCOR licenses and supervises gaming operators in the Philippines. As a licensee, Panalo must follow PAGCOR’s rules, which cover among other things:',
      ],
      list: [
        'Who may play, including the minimum age of 21 and the exclusion of restricted persons.',
        'Checking the identity of players and keeping records.',
        'Fairness of games and the systems behind them.',
        'Handling of player funds, deposits and withdrawals.',
        'Responsible gaming measures and advertising.',
        'How player complaints are handled.',
      ],
    },
    {
      heading: 'How to check a license',
      paragraphs: [
        'You can check whether an operator is licensed on PAGCOR’s official website, pagcor.ph, which publishes information on its licensees. Make sure you are on the real PAGCOR site: type the address yourself rather than following links from messages or ads.',
        'Play only with licensed operators. Unlicensed sites are not supervised, and you may not be able to get your money back or resolve a complaint if something goes wrong.',
      ],
    },
    {
      heading: '21 and over only',
      paragraphs: [
        'Under Philippine rules, only people aged 21 or older may gamble. Panalo does not accept anyone under 21. We check the age of every player during identity verification, and we close any account that belongs to a minor.',
      ],
    },
    {
      heading: 'Identity checks and anti-money laundering',
      paragraphs: [
        'As PAGCOR requires, every player must complete identity verification (KYC) within 7 days of registering, using a valid ID and a selfie. Withdrawals are only possible after verification.',
        'We also follow the Anti-Money Laundering Act of 2001 (Republic Act No. 9160), as amended, and the rules of the Anti-Money Laundering Council (AMLC). This means we check transactions, keep records for the time the law requires, accept payments only to and from accounts in your own name, and report suspicious transactions to the authorities.',
      ],
    },
    {
      heading: 'Fair games',
      paragraphs: [
        'Casino games on Panalo come from established game providers. Their games use random number generators (RNGs) that are tested and certified by independent testing laboratories, so every result is random and cannot be influenced by us or by players.',
        'Live casino games are played with real dealers and real equipment, streamed as they happen. Sports bets are settled on official results from the competition organisers.',
      ],
    },
    {
      heading: 'Responsible gaming',
      paragraphs: [
        'We are committed to responsible gaming. We give players tools such as deposit limits, bet limits, cooling-off periods, reality checks, self-exclusion and account closure, and we respect exclusions recorded by PAGCOR in the National Database of Restricted Persons (NDRP). See our Responsible Gaming page for more.',
      ],
    },
    {
      heading: 'Protecting your money and data',
      paragraphs: [
        'Your balance is kept in Philippine pesos, to the centavo, and every deposit, bet, win and withdrawal is recorded in your account history. Withdrawals are protected by a withdrawal password and are paid only to GCash, Maya or bank accounts in your own name.',
        'We handle your personal data in line with the Data Privacy Act of 2012 (Republic Act No. 10173) and the rules of the National Privacy Commission. Our Privacy Policy explains what we collect and why.',
      ],
    },
    {
      heading: 'Complaints',
      paragraphs: [
        'If you have a complaint, first contact Customer Service in the app (Account › Live Support), available 24/7. We will look into it and give you an answer.',
        'If you are not satisfied with our final answer, you can take your complaint to PAGCOR. Details on how to contact PAGCOR are on its official website, pagcor.ph.',
      ],
    },
  ],
};

export default doc;
