import { Link } from '@tanstack/react-router';
import { type ReactNode, useRef } from 'react';
import { useExposure } from '../../hooks/useExposure';
import { FEATURE_ID } from '../../contract/featureIds';
import { useTranslation } from 'react-i18next';
import type { ListMode } from '../../contract/feed';
import { FOR_YOU_SPORTS } from '../../contract/sports';
import { useLiveList } from '../../realtime/hooks';
import type { ListMirror, ListView } from '../../realtime/mirror';
import { PageSkeleton } from '../../ui/Skeleton';
import styles from './ForYouPage.module.css';
import { MatchCard } from './MatchCard';
import { MatchRow } from './MatchRow';
import { useEarlyTaps } from './earlyTaps';
import { type ForYouEntry, forYouSections } from '../../contract/forYou';
import { OfflineBanner, OfflineProvider, offlineOf } from './offline';
import { SportsbookMaintenance, useHongKongMarketCheck, useSportsbookMaintenance } from './status';
import { useNow } from '../../hooks/useNow';

interface Entry extends ForYouEntry {
  mirror: ListMirror;
}

type Lists = { mirror: ListMirror; view: ListView }[];

/** One mode of the For You sports, each a live list in the shared worker (same subscriptions as /sports). */
function useModeLists(mode: Exclude<ListMode, 'outright'>): Lists {
  const football = useLiveList({ sportTypeId: FOR_YOU_SPORTS[0], mode });
  const basketball = useLiveList({ sportTypeId: FOR_YOU_SPORTS[1], mode });
  const esports = useLiveList({ sportTypeId: FOR_YOU_SPORTS[2], mode });
  return [football, basketball, esports];
}

function entriesOf(lists: Lists): Entry[] {
  const entries: Entry[] = [];
  for (const { mirror, view } of lists) {
    for (const matchId of view.order) {
      const match = mirror.getRow(matchId)?.match;
      if (match) entries.push({ mirror, match, priority: view.leagues.get(match.leagueId)?.priority ?? 99 });
    }
  }
  return entries;
}

function Section({
  title,
  mode,
  children,
  testId,
  featureId,
}: {
  title: string;
  mode?: ListMode;
  children: ReactNode;
  testId: string;
  /** Its exposure is recorded (once per session, when half of it is on screen) under this id (issue 39). */
  featureId?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useExposure(ref, featureId);
  return (
    <section ref={ref} className={styles.section} data-testid={testId}>
      <header className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        {mode && (
          <Link to="/sports" search={{ mode }} className={styles.seeAll}>
            {t('forYou.seeAll')}
          </Link>
        )}
      </header>
      {children}
    </section>
  );
}

/**
 * /foryou: what is in play now, what starts soon, the featured matches and the week's big matches, all
 * live (the same worker subscriptions /sports uses, so moving between the two costs no new socket).
 */
export function ForYouPage() {
  const { t } = useTranslation();
  const now = useNow(30_000);
  const live = useModeLists('live');
  const today = useModeLists('today');
  const early = useModeLists('early');
  const maintenance = useSportsbookMaintenance();
  useHongKongMarketCheck();
  const loading = [...live, ...today, ...early].some(({ view }) => view.status === 'loading');
  const mirrors = [...live, ...today, ...early].map(({ mirror }) => mirror);
  // Taps on the server-drawn prices before the app ran go on the slip once the lists are in.
  useEarlyTaps(mirrors, 'foryou', !loading);
  // No network: the lists kept on the device, marked with their time; their prices cannot be picked.
  const offline = offlineOf([...live, ...today, ...early].map(({ view }) => view));

  // A few dozen matches: recomputed when a list's order or membership changes, or every 30 s.
  const sections = forYouSections(entriesOf(live), [...entriesOf(today), ...entriesOf(early)], now);

  const heading = <h1 className="visually-hidden">{t('tabs.foryou')}</h1>;
  if (maintenance) {
    return (
      <>
        {heading}
        <SportsbookMaintenance />
      </>
    );
  }
  // Until every list is in: a section arriving later (the featured rail, say) would push the rows down.
  if (loading && !offline) {
    return (
      <>
        {heading}
        <PageSkeleton label={t('sports.loading')} lines={8} />
      </>
    );
  }

  const rows = (entries: Entry[]) =>
    entries.map((e) => <MatchRow key={e.match.matchId} mirror={e.mirror} matchId={e.match.matchId} page="foryou" now={now} />);

  return (
    <OfflineProvider value={offline}>
      <div className={styles.page}>
        {heading}
        {offline && <OfflineBanner view={offline} />}
        {sections.featured.length > 0 && (
          <Section title={t('forYou.featured')} testId="featured" featureId={FEATURE_ID.forYouFeatured}>
            <div className={styles.rail}>
              {sections.featured.map((e) => (
                <MatchCard key={e.match.matchId} mirror={e.mirror} matchId={e.match.matchId} now={now} />
              ))}
            </div>
          </Section>
        )}
        <Section title={t('forYou.liveNow')} mode="live" testId="live-now">
          {sections.inPlay.length > 0 ? rows(sections.inPlay) : <p className={styles.note}>{t('forYou.nothingLive')}</p>}
        </Section>
        {sections.soon.length > 0 && (
          <Section title={t('forYou.startingSoon')} mode="today" testId="starting-soon">
            {rows(sections.soon)}
          </Section>
        )}
        {sections.highlights.length > 0 && (
          <Section title={t('forYou.highlights')} mode="early" testId="highlights">
            {rows(sections.highlights)}
          </Section>
        )}
      </div>
    </OfflineProvider>
  );
}
