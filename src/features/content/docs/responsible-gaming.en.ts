import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'Responsible Gaming',
  summary:
    'Gaming should be fun. Learn the warning signs of problem gambling, simple ways to stay in control, the tools Panalo offers and where to get help.',
  updated: '2026-11-01',
  sections: [
    {
      heading: 'Gaming is entertainment',
      paragraphs: [
        'Betting and casino games are a form of entertainment, like a movie or a night out. They are not a way to earn money or to solve money problems. Over time, most players spend more than they win.',
        'Panalo is committed to helping you keep gaming fun. This page explains how to spot a problem early, how to stay in control and where to get help.',
      ],
    },
    {
      heading: 'Signs of problem gambling',
      paragraphs: ['Gambling may be becoming a problem if you:'],
      list: [
        'Spend more money or time than you planned, again and again.',
        'Bet more and more to get the same excitement.',
        'Try to win back money you have lost (chasing losses).',
        'Borrow money, sell things or use money meant for bills, food or family to play.',
        'Feel anxious, irritable or low when you are not playing, or when you try to stop.',
        'Hide your gambling from family or friends, or lie about it.',
        'Neglect work, school, family or sleep because of gambling.',
      ],
    },
    {
      heading: 'Tips to stay in control',
      list: [
        'Set a budget before you play, and only use money you can afford to lose.',
        'Set a time limit and take regular breaks.',
        'Never chase your losses. Accept them as the cost of your entertainment.',
        'Never borrow money to play.',
        'Do not play when you are upset, stressed, lonely, or under the influence of alcohol or drugs.',
        'Keep a balance between gaming and other activities, family and friends.',
        'Treat any winnings as a bonus, not as income.',
      ],
    },
    {
      heading: 'Our tools',
      paragraphs: ['Panalo offers these tools. You can set them up in your account, or ask Customer Service to help:'],
      list: [
        'Deposit limits – cap how much you can deposit over a set period.',
        'Bet limits – cap how much you can stake.',
        'Cooling-off periods – take a short break from betting and gaming for a period you choose.',
        'Reality checks – regular reminders of how long you have been playing.',
        'Self-exclusion – block your account for a longer period. Contact Customer Service to arrange it.',
        'Account closure – close your account at any time through Customer Service.',
      ],
    },
    {
      heading: 'How limits and breaks work',
      paragraphs: [
        'A change that makes a limit stricter applies straight away. A change that loosens a limit, or an early end to a break, may only take effect after a waiting period, so you have time to think it over.',
        'During a cooling-off period or self-exclusion, you cannot bet, play or deposit, and we will not send you marketing messages. You can still withdraw your balance.',
      ],
    },
    {
      heading: 'PAGCOR’s National Database of Restricted Persons',
      paragraphs: [
        'PAGCOR keeps a National Database of Restricted Persons (NDRP). People listed in it are barred from gaming with PAGCOR-licensed operators, including Panalo. We check every player against these exclusion rules.',
        'You can ask PAGCOR to exclude you, and in some cases a member of your family can ask PAGCOR to exclude a relative whose gambling is harming the family. The requirements, forms and steps are published on PAGCOR’s official website, pagcor.ph.',
      ],
    },
    {
      heading: 'Protecting minors',
      paragraphs: [
        'Panalo is only for people aged 21 or older. We check the age and identity of every player with a valid ID and a selfie, and we close any account that belongs to a minor.',
        'If you are a parent or share your phone with young people:',
      ],
      list: [
        'Lock your phone with a PIN, pattern or fingerprint.',
        'Do not save your Panalo password on shared devices, and log out when you are done.',
        'Use the parental controls on your phone to limit which apps and websites children can use.',
        'Keep your GCash, Maya and bank details private.',
      ],
    },
    {
      heading: 'Where to get help',
      list: [
        'Talk to us: contact Customer Service in the app (Account › Live Support), available 24/7, to set limits, take a break or exclude yourself.',
        'Reach PAGCOR: PAGCOR has a responsible gaming office. Find how to reach it, and the exclusion forms, on its official website, pagcor.ph.',
        'Get professional support: talk to a doctor, counsellor or mental health professional. Problem gambling can be treated, and asking for help is a sign of strength.',
        'Talk to someone you trust: family and friends can help more than you think.',
      ],
    },
  ],
};

export default doc;
