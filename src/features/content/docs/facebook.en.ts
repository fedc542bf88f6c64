import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'Panalo on Facebook',
  summary: 'Follow Panalo on Facebook for match previews, winner stories and promotions — and learn how to tell our page from a fake one.',
  updated: '2026-11-27',
  sections: [
    {
      heading: 'What you find on our page',
      list: [
        'Previews of the big PBA, PVL, NBA and football matches of the week, with the odds at the time of posting.',
        'Winner stories, published only with the winner’s written consent.',
        'New promotions and their rules, the same as on the Promotions page of the app.',
        'Notices about maintenance and new features.',
      ],
    },
    {
      heading: 'How to recognise the official page',
      paragraphs: [
        'Our page is named Panalo and carries Facebook’s verified badge. Its posts link only to this app’s own address.',
        'We never ask for your password, your one-time SMS code or your withdrawal password in a comment, a message or a form. Nobody from Panalo will.',
      ],
    },
    {
      heading: 'If something looks wrong',
      paragraphs: [
        'A page or an account that offers “guaranteed wins”, asks you to deposit to a personal e-wallet, or asks for a code is not ours. Do not pay it and do not send it anything.',
        'Tell Customer Service the page’s name and link: we report it to Facebook. If you already shared a code or a password, change your password in Security Centre at once and tell Customer Service.',
      ],
    },
    {
      heading: 'Play responsibly',
      paragraphs: [
        'Panalo is for players 21 years old and above. Limits, breaks and self-exclusion are in your account under Responsible Gaming at any time.',
      ],
    },
  ],
};

export default doc;
