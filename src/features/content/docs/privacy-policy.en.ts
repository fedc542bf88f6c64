import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'Privacy Policy',
  summary:
    'How Panalo collects, uses, shares and protects your personal data under the Data Privacy Act of 2012, and the rights you have over it.',
  updated: '2026-11-23',
  sections: [
    {
      heading: '1. About this policy',
      paragraphs: [
        'This Privacy Policy explains how the operator of Panalo (“we”, “us”) handles your personal data when you use the Panalo app and website. We act as the personal information controller for your data.',
        'We process personal data in line with the Data Privacy Act of 2012 (Republic Act No. 10173), its Implementing Rules and Regulations and the issuances of the National Privacy Commission (NPC).',
      ],
    },
    {
      heading: '2. What we collect',
      list: [
        'Account details: your mobile number, name, date of birth, address and the passwords you set (stored in protected form).',
        'Identity verification (KYC) data: photos of your ID documents, the ID numbers on them, and a selfie to confirm the ID belongs to you.',
        'Payment details: the GCash, Maya or bank accounts you use, and the history of your deposits, withdrawals and balance.',
        'Gaming activity: your bets, game rounds, bonuses, and the limits and other responsible gaming settings you choose.',
        'Device and usage data: your device type, operating system, browser, IP address, approximate location, app settings and how you use the app, including error reports.',
        'Communications: your messages with Customer Service and what you post in chat.',
        'Information from partners: if you come to Panalo from a partner app, the information that partner shares with us.',
      ],
    },
    {
      heading: '3. Why we use your data and our legal bases',
      list: [
        'To open and run your account, process your bets and games, and pay out winnings – because it is necessary to perform our contract with you.',
        'To verify your identity and age, check that you are not an excluded person, and prevent money laundering – because PAGCOR rules and the Anti-Money Laundering Act of 2001 (Republic Act No. 9160), as amended, and the rules of the Anti-Money Laundering Council (AMLC) require it.',
        'To process deposits and withdrawals with payment providers – to perform our contract with you.',
        'To keep your account and our systems secure, and to detect and prevent fraud, cheating and bonus abuse – to comply with the law and for our legitimate interests.',
        'To answer your questions and complaints through Customer Service – to perform our contract and for our legitimate interests.',
        'To support responsible gaming, such as applying limits and exclusions – to comply with PAGCOR rules.',
        'To send you marketing messages and personalised offers – only with your consent, which you can withdraw at any time in the app or through Customer Service.',
      ],
    },
    {
      heading: '4. Who we share your data with',
      paragraphs: ['We do not sell your personal data. We share it only when necessary, and only with:'],
      list: [
        'Payment providers, such as GCash, Maya and banks, to process your deposits and withdrawals.',
        'Identity verification providers that help us check your ID and selfie.',
        'Game, data and streaming providers, as far as needed to run games and bets.',
        'Service providers that host our systems or help us run the app, under contracts that require them to protect your data.',
        'PAGCOR, the Anti-Money Laundering Council, the National Privacy Commission, courts and law enforcement, when the law requires or allows it.',
        'The partner app you came from (for example GCash, Maya, Lazada or Viber), as far as needed to sign you in, process payments or keep the link between your accounts.',
      ],
    },
    {
      heading: '5. Your identity verification (KYC) data',
      paragraphs: [
        'What we keep: the photo of your ID, the selfie taken to match it, the photo of a second ID if you add one, and the face photos of later face checks. We also keep what you give in the personal-information form: your name, date of birth, ID types and numbers, email, gender, address, occupation and source of income.',
        'Why: PAGCOR requires us to know who our players are. We use these to confirm that you are who you say and 21 or older, that no one else already plays with the same ID, and, for occupation and source of income, to meet the anti-money laundering rules (Republic Act No. 9160, as amended). We do not use your photos for marketing or anything else.',
        'Who sees your photos: only you (while you are logged in, in the app), the identity verification provider that checks the ID and compares it with your selfie, and our compliance reviewer when the provider cannot decide or a case is reviewed again. Your photos are never at a public or guessable web address.',
        'How they are stored: encrypted on our servers (encryption at rest), each under a random name. They travel to us and to the verification provider only over encrypted connections.',
      ],
      list: [
        'If a verification does not end approved (it was refused, or you stopped before finishing), its photos are deleted 30 days after it ended or was left unfinished.',
        'Face photos taken for a face check (for example, “Verification Required” before an operation) are deleted 30 days after they were taken.',
        'The photos of your approved verification are kept while your account is open and for 5 years after it closes, because anti-money laundering record keeping requires it (Republic Act No. 9160, as amended). Then they are deleted.',
      ],
    },
    {
      heading: '6. How long we keep your data',
      paragraphs: [
        'We keep your personal data only as long as needed for the purposes above and as long as the law requires. For example, anti-money laundering rules require us to keep identification and transaction records for at least five years after your account is closed or the transaction is made.',
        'When we no longer need your data, we delete it or make it anonymous in a secure way. How long we keep the photos of your identity verification is set out in section 5.',
      ],
    },
    {
      heading: '7. How we protect your data',
      paragraphs: [
        'We use organisational, physical and technical measures to protect your data. All data between your device and our servers is encrypted in transit. Sensitive fields, such as ID numbers and payment account details, and the photos of your ID and face are stored encrypted. Access to personal data is limited to staff and providers who need it for their work.',
        'If a personal data breach happens that is likely to put you at risk, we will notify the National Privacy Commission and you, as the law requires.',
      ],
    },
    {
      heading: '8. Your rights as a data subject',
      paragraphs: ['Under the Data Privacy Act, you have the right:'],
      list: [
        'To be informed about whether and how your personal data is processed.',
        'To access your personal data and get a copy of it.',
        'To object to processing, including marketing and processing based on consent.',
        'To have your data erased or blocked when it is no longer needed, was collected unlawfully, or is processed without a legal basis.',
        'To be compensated for damages caused by inaccurate, incomplete, outdated, false or unlawfully obtained data, or unauthorised use of your data.',
        'To data portability: to get your data in an electronic, commonly used format.',
        'To rectify (correct) your data if it is wrong or incomplete.',
        'To file a complaint with the National Privacy Commission.',
      ],
    },
    {
      heading: '9. Using your rights',
      paragraphs: [
        'To use any of these rights, contact Customer Service. Some rights have limits: for example, we cannot erase data that the law, such as anti-money laundering rules, requires us to keep. We may ask you to confirm your identity before we act on a request.',
      ],
    },
    {
      heading: '10. Cookies and local storage',
      paragraphs: [
        'Panalo stores small amounts of data on your device, using cookies and your browser’s local storage, to keep you logged in, remember your language and settings, make the app load faster and work on slow connections, and understand how the app is used.',
        'You can clear this data in your browser or phone settings. If you do, you will be logged out, and some features may not work until you log in again.',
      ],
    },
    {
      heading: '11. Children',
      paragraphs: [
        'Panalo is only for people aged 21 or older. We do not accept anyone under 21 and do not knowingly collect their personal data. If we find that an account belongs to someone under 21, we close it. If you think a minor is using Panalo, please tell Customer Service.',
      ],
    },
    {
      heading: '12. Contact our Data Protection Officer',
      paragraphs: [
        'We have a Data Protection Officer (DPO) who oversees how we handle personal data. To reach the DPO, or to ask any question about your data, contact Customer Service in the app (Account › Live Support), available 24/7, and ask for your message to be passed to the DPO.',
      ],
    },
    {
      heading: '13. Changes to this policy',
      paragraphs: [
        'We may update this Privacy Policy when the law or our services change. The date at the top shows the latest version. We will tell you in the app about important changes, and ask for your consent again where the law requires it.',
      ],
    },
  ],
};

export default doc;
