import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { events } from '../../api/events';
import { FEATURE_ID } from '../../contract/featureIds';
import { useExposure } from '../../hooks/useExposure';
import { Notice } from '../../ui/Notice';
import { outrightOrder, selectionUid } from '../../contract/betOrder';
import { LIST_MODES, type ListMode, type Outright } from '../../contract/feed';
import type { OddsType } from '../../contract/sports';
import { manilaDay, nextDays } from '../../lib/dates';
import { formatOdds } from '../../lib/odds';
import { useLiveList } from '../../realtime/hooks';
import { preferences } from '../../stores/preferences';
import { PageSkeleton } from '../../ui/Skeleton';
import { TabBar, tabStyles } from '../../ui/Tabs';
import priceStyles from './PriceButton.module.css';
import { sportSwitchQuery, outrightsQuery } from './api';
import { ReconnectingBanner } from './MatchStatus';
import { OfflineBanner, OfflineProvider, offlineOf } from './offline';
import { useEarlyTaps } from './earlyTaps';
import { type RowItem, RowList } from './RowList';
import { usePicked, useTogglePick } from './picks';
import { SPORTS, type SportsSearch } from './search';
import styles from './SportsPage.module.css';
import { SportsbookMaintenance, useHongKongMarketCheck, useSportsbookMaintenance } from './status';
import { useNow } from '../../hooks/useNow';

export function MatchList({
  sportTypeId,
  mode,
  dateId,
}: {
  sportTypeId: string;
  mode: Exclude<ListMode, 'outright'>;
  dateId: string | undefined;
}) {
  const { t } = useTranslation();
  const now = useNow(60_000);
  const { mirror, view } = useLiveList({ sportTypeId, mode, dateId });
  const mirrors = useMemo(() => [mirror], [mirror]);
  useEarlyTaps(mirrors, 'sports', view.status !== 'loading');
  const items = useMemo(() => {
    const list: RowItem[] = [];
    let league = '';
    for (const matchId of view.order) {
      const leagueId = mirror.getRow(matchId)?.match.leagueId ?? '';
      if (leagueId !== league) {
        league = leagueId;
        list.push({ kind: 'league', leagueId, name: view.leagues.get(leagueId)?.name ?? mirror.getRow(matchId)?.match.leagueName ?? '' });
      }
      list.push({ kind: 'match', matchId });
    }
    return list;
  }, [view, mirror]);

  if (view.status === 'loading') return <PageSkeleton label={t('sports.loading')} lines={8} />;
  const sport = t(`sports.names.${sportTypeId}` as 'sports.names.1');
  const offline = offlineOf([view]);
  return (
    <OfflineProvider value={offline}>
      {view.status === 'reconnecting' && <ReconnectingBanner />}
      {offline && <OfflineBanner view={offline} />}
      {items.length === 0 ? (
        <Notice
          icon="ticket"
          title={t('sports.emptyTitle')}
          description={t(mode === 'live' ? 'sports.emptyLive' : 'sports.emptyOther', { sport })}
        />
      ) : (
        <RowList items={items} mirror={mirror} now={now} layoutKey={view.status} />
      )}
    </OfflineProvider>
  );
}

/** One team's price in an outright: on the slip or not, like a match price. */
function OutrightPrice({ outright, team, oddsType }: { outright: Outright; team: Outright['teams'][number]; oddsType: OddsType }) {
  const selected = usePicked(selectionUid(outright.outrightOddsId, team.teamId));
  const toggle = useTogglePick();
  return (
    <button
      type="button"
      className={priceStyles.price}
      data-testid="outright-price"
      data-outright={outright.outrightOddsId}
      aria-pressed={selected}
      onClick={() => toggle(outrightOrder(outright, team, oddsType), outright.status, team.price)}
    >
      <span className={priceStyles.label}>{team.teamName}</span>
      <span className={priceStyles.odds}>{formatOdds(team.price, oddsType)}</span>
    </button>
  );
}

function Outrights({ sportTypeId }: { sportTypeId: string }) {
  const { t } = useTranslation();
  const { oddsType } = useSnapshot(preferences);
  const { data, isPending } = useQuery(outrightsQuery(sportTypeId));
  if (isPending) return <PageSkeleton label={t('sports.loading')} />;
  const outrights = data?.outrights ?? [];
  if (outrights.length === 0) return <Notice icon="ticket" title={t('sports.emptyTitle')} description={t('sports.outrightsEmpty')} />;
  return (
    <>
      {outrights.map((outright) => (
        <section key={outright.outrightOddsId} className={styles.outright}>
          <h3 className={styles.outrightTitle}>{outright.name}</h3>
          <div className={styles.outrightGrid}>
            {[...outright.teams]
              .sort((a, b) => a.price - b.price)
              .map((team) => (
                <OutrightPrice key={team.teamId} outright={outright} team={team} oddsType={oddsType} />
              ))}
          </div>
        </section>
      ))}
    </>
  );
}

/** /sports (spec §2): mode live / today / early / outright, sportId and dateId in the address. */
export function SportsPage(search: SportsSearch) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mode: ListMode = search.mode ?? 'live';
  const sportTypeId = search.sportId ?? '1';
  const now = useNow(60_000);
  const today = manilaDay(now);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the list changes when the Manila day does
  const days = useMemo(() => nextDays(now, 8).slice(1), [today]);
  const dateId = mode === 'early' && search.dateId && days.includes(search.dateId) ? search.dateId : undefined;
  const { data: counts } = useQuery(sportSwitchQuery);
  const setSearch = (next: SportsSearch) => void navigate({ to: '/sports', search: next as Record<string, string>, replace: true });
  // The date tabs' exposure (their clicks carry the date as the calendar id).
  const calendarRef = useRef<HTMLElement>(null);
  useExposure(calendarRef, mode === 'early' ? FEATURE_ID.sportsCalendar : undefined);

  const maintenance = useSportsbookMaintenance();
  useHongKongMarketCheck();
  if (maintenance) {
    return (
      <>
        <h1 className="visually-hidden">{t('tabs.sports')}</h1>
        <SportsbookMaintenance />
      </>
    );
  }
  return (
    <>
      <h1 className="visually-hidden">{t('tabs.sports')}</h1>
      <div className={styles.filters}>
        <TabBar label={t('sports.sportsLabel')} variant="pills">
          {SPORTS.map((id) => {
            const count = counts?.sports.find((s) => s.sportTypeId === id);
            const n = count
              ? mode === 'live'
                ? count.live
                : mode === 'today'
                  ? count.today
                  : mode === 'early'
                    ? count.early
                    : undefined
              : undefined;
            return (
              <Link
                key={id}
                to="/sports"
                search={{ mode, sportId: id }}
                replace
                className={tabStyles.tab}
                aria-current={id === sportTypeId ? 'page' : undefined}
              >
                {t(`sports.names.${id}` as 'sports.names.1')}
                {/* Empty until the counts come, holding their place. */}
                {mode !== 'outright' && <span className={styles.sportCount}>{n}</span>}
              </Link>
            );
          })}
        </TabBar>
        <TabBar label={t('sports.modesLabel')}>
          {LIST_MODES.map((value) => (
            <button
              key={value}
              type="button"
              className={tabStyles.tab}
              aria-pressed={value === mode}
              onClick={() => setSearch({ mode: value, sportId: sportTypeId })}
            >
              {t(`sports.modes.${value}`)}
            </button>
          ))}
        </TabBar>
        {mode === 'early' && (
          <TabBar label={t('sports.datesLabel')} variant="pills" ref={calendarRef}>
            <button
              type="button"
              className={tabStyles.tab}
              aria-pressed={!dateId}
              onClick={() => setSearch({ mode, sportId: sportTypeId })}
            >
              {t('sports.allDays')}
            </button>
            {days.map((day) => (
              <button
                key={day}
                type="button"
                className={tabStyles.tab}
                aria-pressed={day === dateId}
                onClick={() => {
                  // A calendar click (spec §9 calendar ids: the dateId): a push onto the event module's list.
                  events.click(FEATURE_ID.sportsCalendar, day);
                  setSearch({ mode, sportId: sportTypeId, dateId: day });
                }}
              >
                {new Date(`${day}T12:00:00+08:00`).toLocaleDateString('en-US', { month: 'short', day: '2-digit', timeZone: 'Asia/Manila' })}
              </button>
            ))}
          </TabBar>
        )}
      </div>
      {mode === 'outright' ? (
        <Outrights sportTypeId={sportTypeId} />
      ) : (
        <MatchList key={`${sportTypeId}:${mode}:${dateId ?? ''}`} sportTypeId={sportTypeId} mode={mode} dateId={dateId} />
      )}
    </>
  );
}
