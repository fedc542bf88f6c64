import basketballEventsCn from './basketball-events.cn';
import basketballEventsEn from './basketball-events.en';
import esportsEventsCn from './esports-events.cn';
import esportsEventsEn from './esports-events.en';
import howATeamWinsPvlCn from './how-a-team-wins-pvl.cn';
import howATeamWinsPvlEn from './how-a-team-wins-pvl.en';
import howToPlayLiveStreamingCn from './how-to-play-live-streaming.cn';
import howToPlayLiveStreamingEn from './how-to-play-live-streaming.en';
import minMaxDepositCn from './min-max-deposit.cn';
import minMaxDepositEn from './min-max-deposit.en';
import volleyballTeamWinCn from './volleyball-team-win.cn';
import volleyballTeamWinEn from './volleyball-team-win.en';
import type { ContentDoc, FaqArticle } from './types';

/**
 * Which FAQ articles may answer a question: the support desk's out-of-hours answer (server/modules/support)
 * offers them. Words are compared by their stem (English) or by pairs of characters (Chinese, which
 * has no spaces), each counted by where the article holds it: the title weighs most, then the summary
 * and the headings, then the text. Articles under a small score are not offered: a wrong article is
 * worse than none.
 */

const ARTICLES: Record<'en' | 'cn', Record<FaqArticle, ContentDoc>> = {
  en: {
    'how-to-play-live-streaming': howToPlayLiveStreamingEn,
    'basketball-events': basketballEventsEn,
    'esports-events': esportsEventsEn,
    'volleyball-team-win': volleyballTeamWinEn,
    'how-a-team-wins-pvl': howATeamWinsPvlEn,
    'min-max-deposit': minMaxDepositEn,
  },
  cn: {
    'how-to-play-live-streaming': howToPlayLiveStreamingCn,
    'basketball-events': basketballEventsCn,
    'esports-events': esportsEventsCn,
    'volleyball-team-win': volleyballTeamWinCn,
    'how-a-team-wins-pvl': howATeamWinsPvlCn,
    'min-max-deposit': minMaxDepositCn,
  },
};

/** Words that say nothing about what a question is about. */
const STOP = new Set(
  (
    'the and for you your are with this that have has how what when where why can cannot not but was were will would ' +
    'from into our out all any about please help hello there here they them then than does did doing get got just ' +
    'still also very much more some been being who which while want need like know tell thanks thank yes'
  ).split(' '),
);

/** A word's stem: lower case, common English endings off (withdrawal, withdrawing, withdraws → withdraw). */
function stem(word: string): string {
  for (const ending of ['ings', 'ing', 'als', 'al', 'ed', 'es', 's']) {
    if (word.length - ending.length >= 4 && word.endsWith(ending)) return word.slice(0, -ending.length);
  }
  return word;
}

const HAN = /\p{Script=Han}+/gu;

/** The terms of a text: English stems of 3+ letters and Chinese character pairs. */
export function termsOf(text: string): Set<string> {
  const terms = new Set<string>();
  const lower = text.toLowerCase();
  for (const word of lower.match(/[a-z]{3,}/g) ?? []) if (!STOP.has(word)) terms.add(stem(word));
  for (const run of lower.match(HAN) ?? []) {
    if (run.length === 1) terms.add(run);
    for (let i = 0; i + 1 < run.length; i++) terms.add(run.slice(i, i + 2));
  }
  return terms;
}

interface Indexed {
  slug: FaqArticle;
  title: string;
  fields: { weight: number; terms: Set<string> }[];
}

const indexes = new Map<'en' | 'cn', Indexed[]>();

function indexOf(language: 'en' | 'cn'): Indexed[] {
  let index = indexes.get(language);
  if (index) return index;
  index = Object.entries(ARTICLES[language]).map(([slug, doc]) => ({
    slug: slug as FaqArticle,
    title: doc.title,
    fields: [
      { weight: 3, terms: termsOf(doc.title) },
      { weight: 2, terms: termsOf([doc.summary, ...doc.sections.map((section) => section.heading ?? '')].join(' ')) },
      {
        weight: 1,
        terms: termsOf(doc.sections.flatMap((section) => [...(section.paragraphs ?? []), ...(section.list ?? [])]).join(' ')),
      },
    ],
  }));
  indexes.set(language, index);
  return index;
}

/** An article is offered from this score up (a title word alone, or three words of its text), and at half the best's. */
const MIN_SCORE = 3;

/** Up to `limit` FAQ articles that may answer `question`, best first, in the player's language. */
export function matchFaq(question: string, language: string, limit = 3): { slug: FaqArticle; title: string }[] {
  const lang = language === 'cn' ? 'cn' : 'en';
  const asked = termsOf(question);
  if (asked.size === 0) return [];
  return (
    indexOf(lang)
      .map((article) => {
        let score = 0;
        for (const term of asked) {
          const weight = Math.max(0, ...article.fields.filter((field) => field.terms.has(term)).map((field) => field.weight));
          score += weight;
        }
        return { slug: article.slug, title: article.title, score };
      })
      .filter((article) => article.score >= MIN_SCORE)
      .sort((a, b) => b.score - a.score || FAQ_ORDER.indexOf(a.slug) - FAQ_ORDER.indexOf(b.slug))
      // Far behind the best, an article only shares the question's common words.
      .filter((article, _index, ranked) => article.score * 2 >= ranked[0]!.score)
      .slice(0, limit)
      .map(({ slug, title }) => ({ slug, title }))
  );
}

const FAQ_ORDER = Object.keys(ARTICLES.en) as FaqArticle[];
