import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'Terms and Conditions',
  summary:
    'The rules of your Panalo account: who can play, identity verification, deposits and withdrawals, bets, bonuses, security, closure and complaints.',
  updated: '2026-11-01',
  sections: [
    {
      heading: '1. About these terms',
      paragraphs: [
        'These Terms and Conditions are an agreement between you and the operator of Panalo. They apply to your Panalo account and to every bet, game, deposit and withdrawal you make with it. Panalo is operated under a license from the Philippine Amusement and Gaming Corporation (PAGCOR).',
        'By opening an account or using it, you accept these terms. Please also read our Terms of Use, which cover how you may use the app and website, and our Privacy Policy, which explains how we handle your personal data. Some games, markets and promotions have their own rules, which apply together with these terms.',
      ],
    },
    {
      heading: '2. Who can open an account',
      paragraphs: ['You may open and use a Panalo account only if all of the following are true:'],
      list: [
        'You are 21 years old or older.',
        'You are physically in the Philippines whenever you use your account.',
        'You are not a government official or employee who is barred from gaming under PAGCOR rules.',
        'You are not listed by PAGCOR as an excluded or restricted person, for example in the National Database of Restricted Persons (NDRP).',
        'You do not already have a Panalo account. Each person may hold only one account.',
        'You are opening the account for yourself, with your own true details, and not on behalf of anyone else.',
      ],
    },
    {
      heading: '3. Registration and your account',
      paragraphs: [
        'You register with your own mobile number (in the format +63 9XX XXX XXXX), which we may verify with a one-time code sent by SMS. The details you give us must be true, complete and up to date. If your mobile number, name or address changes, update it in the app or tell Customer Service.',
        'Your account balance is held in Philippine pesos (₱), to two decimal places. Your account is personal: you may not sell, transfer or lend it, or let anyone else use it.',
        'If we find more than one account belonging to the same person, we may close the extra accounts, void bets placed with them and cancel any bonuses received through them.',
      ],
    },
    {
      heading: '4. Identity verification (KYC)',
      paragraphs: [
        'As PAGCOR requires, you must complete identity verification (KYC, or “know your customer”) within 7 days of registering. You do this in the app by entering your personal details, uploading a clear photo of a valid government-issued ID and taking a selfie.',
        'If you do not complete verification within 7 days, betting and deposits on your account may be temporarily suspended until you do. You cannot withdraw until your identity has been verified. We may ask for further documents at any time, for example to confirm your address or the source of your funds.',
        'We accept the following IDs, provided they are valid and not expired:',
      ],
      list: [
        'Driver’s License',
        'UMID',
        'PhilHealth ID',
        'TIN ID',
        'National ID (PhilSys)',
        'Voter’s ID',
        'Passport',
        'SSS ID',
        'Postal ID',
        'OWWA ID',
        'Seaman’s Book',
        'ACR/ICR',
        'Other valid government-issued IDs accepted by Customer Service',
      ],
    },
    {
      heading: '5. Deposits and withdrawals',
      paragraphs: [
        'You can deposit and withdraw through GCash, Maya and bank transfer. The minimum and maximum amounts for each channel are shown on the deposit and withdraw pages, and those are the limits that apply.',
        'Deposits must come from, and withdrawals can only be paid to, a payment account in your own name. We do not accept payments from third parties. To protect your withdrawals, you must set a withdrawal password.',
        'As a PAGCOR licensee, we must follow the Anti-Money Laundering Act of 2001 (Republic Act No. 9160), as amended. We check deposits, withdrawals and betting activity, and may delay or refuse a transaction, ask for more information, or report it to the authorities when the law requires. Your account is not a bank or savings account: deposit only to play, not to store or move money.',
        'Processing is usually done within minutes, but can take longer during bank cut-off times or maintenance. If a deposit or payout is credited to you by mistake, we may correct your balance.',
      ],
    },
    {
      heading: '6. Bets and games',
      list: [
        'A bet is accepted only when it is confirmed in the app and appears in your bet history. A bet that is not confirmed, for example because of a lost connection, has not been placed.',
        'Odds can change at any time until your bet is confirmed. If the price changes, the bet slip shows the new price and your bet is placed only if you accept it.',
        'The maximum stake is ₱999,999 per bet. Lower limits may apply to some markets, games or accounts, and are shown when you place the bet.',
        'Bets are settled on the official result of the event, as published by the organiser or governing body. Later changes to a result, for example after an appeal, do not change bets that have already been settled.',
        'A bet is void if the event is cancelled, postponed or abandoned and the market rules say so, or if it is placed after the event or market has started (other than live betting). For a void bet, the stake is returned.',
        'If a bet is accepted at a price or line that is obviously wrong – for example because of a technical or human error – we may void it or settle it at the correct price.',
        'Casino games are played according to the rules shown in each game. If a game malfunctions, all plays and payouts from that game round are void.',
      ],
    },
    {
      heading: '7. Bonuses and promotions',
      paragraphs: [
        'Vouchers, coupons, daily rebates and other promotions each have their own terms, such as eligible games, wagering requirements and expiry dates. Those terms apply together with these Terms and Conditions.',
        'Bonuses are for genuine play only. If we find bonus abuse – such as multiple accounts, coordinated betting or using a promotion in a way it was not intended – we may cancel the bonus and any winnings from it.',
      ],
    },
    {
      heading: '8. Account security',
      paragraphs: [
        'You are responsible for keeping your mobile number, one-time codes, login password and withdrawal password safe. Panalo staff will never ask you for your passwords or one-time codes.',
        'Activity on your account is treated as yours unless you have told us it was compromised. If you think someone else has accessed your account, contact Customer Service in the app (Account › Live Support), available 24/7, straight away.',
      ],
    },
    {
      heading: '9. Responsible gaming',
      paragraphs: [
        'Gaming should be entertainment, not a way to make money. We offer deposit limits, bet limits, cooling-off periods, reality checks, self-exclusion and account closure to help you stay in control. You can read more on our Responsible Gaming page or ask Customer Service.',
      ],
    },
    {
      heading: '10. Suspension and closure',
      paragraphs: [
        'You may close your account at any time through Customer Service. Any remaining balance will be paid to you after the usual checks, to a payment account in your own name.',
        'We may suspend or close an account if you break these terms, if we are required to by law or by PAGCOR, if your identity cannot be verified, if we suspect fraud, money laundering or bonus abuse, or if you are found to be an excluded person. Where the law allows, we will tell you why. Winnings from bets or games made in breach of these terms may be withheld.',
      ],
    },
    {
      heading: '11. Complaints',
      paragraphs: [
        'If you have a complaint, contact Customer Service in the app (Account › Live Support), available 24/7. Give your account mobile number, the date and time, and what happened, with screenshots if you have them. We will look into it and reply to you.',
        'If you are not satisfied with our final answer, you can raise your complaint with PAGCOR. Information on how to do this is on PAGCOR’s official website, pagcor.ph.',
      ],
    },
    {
      heading: '12. Governing law and changes to these terms',
      paragraphs: [
        'These terms are governed by the laws of the Republic of the Philippines, and disputes are subject to the jurisdiction of the courts of the Philippines.',
        'We may update these terms, for example when the law, PAGCOR rules or our services change. The date at the top shows the latest version. For important changes, we will tell you in the app before they take effect. If you keep using your account after a change, you accept the new terms; if you do not agree, you may close your account.',
      ],
    },
  ],
};

export default doc;
