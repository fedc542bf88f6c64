import { lazyRouteComponent } from '@tanstack/react-router';
import { MaintenancePage } from '../../features/site/MaintenancePage';

/**
 * Which page each route shows. Every page is its own chunk, loaded when the route is first visited, so a
 * player downloads the shell and the page in front of them and nothing else. Pages a later release
 * builds show their title and say so (ComingSoonPage), never made-up data.
 */
const comingSoon = lazyRouteComponent(() => import('../../components/ComingSoon'), 'ComingSoonPage');
const homeSection = lazyRouteComponent(() => import('../../components/ComingSoon'), 'ComingSoonSection');
const gamesTab = lazyRouteComponent(() => import('../../features/games/GamesTab'), 'GamesTab');
const contentDoc = lazyRouteComponent(() => import('../../features/content/DocPage'), 'DocPage');
const faq = lazyRouteComponent(() => import('../../features/content/FaqPage'), 'FaqPage');
const faqArticle = lazyRouteComponent(() => import('../../features/content/FaqArticlePage'), 'FaqArticlePage');
const more = lazyRouteComponent(() => import('../../features/content/MorePage'), 'MorePage');
const notWork = lazyRouteComponent(() => import('../../features/site/NotWorkPage'), 'NotWorkPage');
const install = lazyRouteComponent(() => import('../../features/site/InstallPage'), 'InstallPage');
const account = lazyRouteComponent(() => import('../../features/account/AccountPage'), 'AccountPage');
const settings = lazyRouteComponent(() => import('../../features/account/SettingsPage'), 'SettingsPage');

const PAGES: Record<string, ReturnType<typeof lazyRouteComponent> | typeof MaintenancePage> = {
  Home_foryou: homeSection,
  Home_sports: homeSection,
  Home_games: gamesTab,
  faq,
  faqArticle,
  terms: contentDoc,
  'terms-of-use': contentDoc,
  'privacy-policy': contentDoc,
  liscence: contentDoc,
  'tou-and-pp': contentDoc,
  'about-us': contentDoc,
  responsibleGaming: contentDoc,
  'responsive-gaming': contentDoc,
  morepage: more,
  // Part of the shell, not a chunk: it is what the service worker shows when there is no network.
  Maintenance: MaintenancePage,
  notWork,
  download: install,
  appdownload: install,
  pwadownload: install,
  Account: account,
  settings,
};

export function pageFor(name: string) {
  return PAGES[name] ?? comingSoon;
}
