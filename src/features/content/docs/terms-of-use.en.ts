import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'Terms of Use',
  summary:
    'The rules for using the Panalo app and website: what you may and may not do, our content, availability, partner apps, devices and our liability.',
  updated: '2026-11-01',
  sections: [
    {
      heading: '1. About these Terms of Use',
      paragraphs: [
        'These Terms of Use apply whenever you open the Panalo app or website, whether you install it on your phone, use it in a browser or open it from a partner app. They apply together with our Terms and Conditions, which cover your account, bets and payments, and our Privacy Policy.',
        'By using Panalo you accept these Terms of Use. If you do not accept them, please do not use the app. Gaming features are only for people aged 21 or older who are in the Philippines.',
      ],
    },
    {
      heading: '2. Your licence to use the app',
      paragraphs: [
        'We give you a personal, limited, non-exclusive and non-transferable right to use Panalo on your own devices for your own entertainment, as these terms allow. This right is not a sale: the app and everything in it remain ours or our licensors’.',
        'You may install Panalo on your home screen and use it as a normal app. You may not copy, change, sell, rent or redistribute the app, or make it available to others as part of another service.',
      ],
    },
    {
      heading: '3. Acceptable use',
      paragraphs: ['When you use Panalo, you agree not to:'],
      list: [
        'Use bots, scripts or other automated tools to place bets, play games, claim promotions or create accounts.',
        'Scrape, copy or collect odds, results, content or data from the app or website, by automated means or otherwise, for any purpose other than your own personal use.',
        'Exploit errors, bugs or weaknesses in the app, in games or in prices. If you find one, please report it to Customer Service instead of using it.',
        'Try to break into, overload or interfere with our systems, or reverse engineer, decompile or change any part of the app.',
        'Hide your location or identity, for example with a VPN, to get around our eligibility rules.',
        'Use the app to cheat, defraud others, launder money, or break any law.',
        'Post anything in chat that is offensive, abusive, misleading, illegal or that advertises other services, or share other people’s personal information.',
      ],
    },
    {
      heading: '4. Intellectual property',
      paragraphs: [
        'The Panalo name and logo, the design of the app, its text, graphics and software belong to the operator of Panalo or its licensors. Games, video streams, statistics and team or league names and logos belong to their owners and are used with permission or as the law allows.',
        'You may not use any of this content outside the app without written permission.',
      ],
    },
    {
      heading: '5. Availability and maintenance',
      paragraphs: [
        'We work to keep Panalo available 24 hours a day, but we cannot promise that it will always be available or free of errors. Parts of the app – such as a game, a market, a video stream or a payment channel – may be unavailable for a time, including during planned maintenance or problems with a provider.',
        'We may change, add or remove features, games and markets at any time. Where possible, we announce planned maintenance in the app before it starts.',
      ],
    },
    {
      heading: '6. Links to third parties and partner apps',
      paragraphs: [
        'You can open Panalo from partner apps such as GCash, Maya, Lazada and Viber, and Panalo may link to other websites and services. Those partners and third parties are independent of us. Their own terms and privacy policies apply to your use of their apps and services, and we are not responsible for their content, availability or actions.',
        'When you open Panalo from a partner app, some information may be exchanged between us and that partner, for example to help you sign in or make a payment. Our Privacy Policy explains what is shared and how we handle it.',
      ],
    },
    {
      heading: '7. Your device and connection',
      paragraphs: [
        'Panalo works in a recent version of a mainstream mobile browser, such as Chrome or Safari, and inside supported partner apps. For the best experience, keep your browser, partner app and phone software up to date.',
        'You need an internet connection to bet, play and make payments. You are responsible for your device, its security and your mobile data or internet charges. Video streaming in particular can use a lot of data. Protect your phone with a screen lock and do not let others use Panalo on it.',
      ],
    },
    {
      heading: '8. Limitation of liability',
      paragraphs: [
        'We provide the app with reasonable care and skill. As far as the law allows, we are not liable for losses caused by things outside our reasonable control, such as problems with your device, your internet connection, a payment channel, a partner app or a third-party provider, or for indirect losses such as loss of profit or opportunity.',
        'Information in the app, such as statistics, analysis, picks, line-ups and live scores, is provided for your information only and may be delayed or inaccurate. Bets are settled according to our Terms and Conditions and official results, not according to this information.',
        'Nothing in these terms limits any right you have under Philippine law that cannot be limited by agreement.',
      ],
    },
    {
      heading: '9. Suspending your access',
      paragraphs: [
        'If you break these Terms of Use, we may restrict, suspend or end your access to the app, and take the steps set out in our Terms and Conditions.',
      ],
    },
    {
      heading: '10. Changes and contact',
      paragraphs: [
        'We may update these Terms of Use from time to time. The date at the top shows the latest version, and we will tell you in the app about important changes. If you keep using Panalo after a change, you accept the updated terms.',
        'If you have any questions, contact Customer Service in the app (Account › Live Support), available 24/7. These terms are governed by the laws of the Republic of the Philippines.',
      ],
    },
  ],
};

export default doc;
