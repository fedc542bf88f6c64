import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../api/queries';
import { useLoggedIn } from '../../hooks/useLoggedIn';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { useUserPush } from '../../realtime/hooks';
import { openLogin, showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { Skeleton } from '../../ui/Skeleton';
import { MISSIONS_KEY, type Mission, claimMission, joinMission, missionQuery, missionsQuery } from './api';
import styles from './Campaigns.module.css';

/**
 * Missions (issue 35): /sportActivity/quests/:eventId lists an event's missions, /sportActivity/:id shows
 * one. Every condition in plain words before joining; after joining, each task's settled bets against
 * its count (asked again when a bet settles), the time limit, and the claim once complete. A visitor
 * reads the missions and is asked to log in. No mission running: the page says so. MissionList is the
 * same list for the sport campaign pages (/nbaPlayoff, /fiba, /boxing, /nbaVideo, /sportActivity-nba-live).
 */
export function MissionsPage({ eventId }: { eventId: string }) {
  return (
    <PageLayout>
      <MissionList eventId={eventId} />
    </PageLayout>
  );
}

/**
 * The missions of one campaign (its eventId), for a page that shows them beside something else (the
 * sport campaign pages of src/app/pages): each links to `detail` (/sportActivity/:id unless told).
 */
export function MissionList({ eventId, detail = 'sportActivity' }: { eventId: string; detail?: MissionLink }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(missionsQuery(eventId));
  useRefreshOnSettle();
  return (
    <div className={styles.page}>
      {isPending ? (
        <Loading />
      ) : isError ? (
        <Failed retry={() => void refetch()} />
      ) : data.notice ? (
        <Notice icon="gift" title={data.notice} />
      ) : data.missions.length === 0 ? (
        <Notice icon="gift" title={t('campaigns.noMissions')} />
      ) : (
        data.missions.map((mission) => <MissionCard key={mission.id} mission={mission} linked={detail} />)
      )}
    </div>
  );
}

/** Where a mission's title links: its page under /sportActivity, or the NBA live activity's. */
export type MissionLink = 'sportActivity' | 'nbaLive';

/** /sportActivity-nba-live/:id: one activity of the NBA live list, with the way back to that list. */
export function NbaLiveActivityPage({ id }: { id: string }) {
  return <MissionPage id={id} back="nbaLive" />;
}

export function MissionPage({ id, back = 'quests' }: { id: string; back?: 'quests' | 'nbaLive' }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(missionQuery(id));
  useRefreshOnSettle();
  return (
    <PageLayout>
      <div className={styles.page}>
        {isPending ? (
          <Loading />
        ) : isError ? (
          <Notice icon="gift" title={t('campaigns.missionGone')} role="alert">
            <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
          </Notice>
        ) : (
          <>
            <MissionCard mission={data} />
            {back === 'nbaLive' ? (
              <Link to="/sportActivity-nba-live">{t('sportpromo.nbaLive.all')}</Link>
            ) : (
              <Link to="/sportActivity/quests/$eventId" params={{ eventId: data.eventId }}>
                {t('campaigns.allMissions')}
              </Link>
            )}
          </>
        )}
      </div>
    </PageLayout>
  );
}

/** A bet settled or the balance moved: the progress is asked again. */
function useRefreshOnSettle() {
  const queryClient = useQueryClient();
  const again = () => void queryClient.invalidateQueries({ queryKey: MISSIONS_KEY });
  useUserPush('bets', again);
  useUserPush('balance', again);
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} role="status" aria-label={t('common.loading')}>
      <Skeleton height={160} radius={12} />
    </div>
  );
}

function Failed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice icon="gift" title={t('campaigns.failed')} role="alert">
      <Button onClick={retry}>{t('common.retry')}</Button>
    </Notice>
  );
}

function MissionCard({ mission, linked }: { mission: Mission; linked?: MissionLink }) {
  const { t, i18n } = useTranslation();
  const loggedIn = useLoggedIn();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const entry = mission.entry;
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: MISSIONS_KEY });
    void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
  };
  const act = (work: () => Promise<unknown>) => {
    setBusy(true);
    work()
      .then(changed)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const join = () => act(() => joinMission(mission.id).then(() => showToast('success', t('campaigns.joined'))));
  const claim = () =>
    act(() =>
      claimMission(mission.id).then((answer) =>
        showToast('success', t('campaigns.claimedToast', { amount: formatCentavos(answer.bonus) })),
      ),
    );
  const reward =
    mission.reward.multiple === 0
      ? t('campaigns.rewardCash', { amount: formatCentavos(mission.reward.bonus) })
      : t('campaigns.rewardBonus', { amount: formatCentavos(mission.reward.bonus), multiple: mission.reward.multiple });
  const headingId = `mission-${mission.id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="mission">
      <div className={styles.head}>
        <h2 className={styles.title} id={headingId}>
          {linked === 'nbaLive' ? (
            <Link to="/sportActivity-nba-live/$id" params={{ id: mission.id }}>
              {mission.title}
            </Link>
          ) : linked ? (
            <Link to="/sportActivity/$id" params={{ id: mission.id }}>
              {mission.title}
            </Link>
          ) : (
            mission.title
          )}
        </h2>
        <span className={styles.badge}>{t(`campaigns.status.${mission.status}`)}</span>
      </div>
      <p className={styles.dim}>{mission.summary}</p>
      <p className={styles.reward}>
        {t('campaigns.reward')}: {reward}
      </p>
      {mission.tasks.map((task) => (
        <div key={task.id} className={styles.task}>
          <div className={styles.taskLine}>
            <span>{task.label}</span>
            <span data-testid="mission-progress">{t('campaigns.progress', { done: task.done, count: task.count })}</span>
          </div>
          {entry && (
            <progress
              className={styles.progress}
              max={task.count}
              value={task.done}
              aria-label={t(task.kind === 'watch' ? 'sportpromo.watchProgressLabel' : 'campaigns.progressLabel', {
                label: task.label,
                done: task.done,
                count: task.count,
              })}
            />
          )}
        </div>
      ))}
      {entry && (
        <>
          <p className={styles.state} data-testid="mission-state">
            {entry.state === 'inProgress' && mission.tasks.every((task) => task.kind === 'watch')
              ? t('sportpromo.watchInProgress')
              : t(`campaigns.state.${entry.state}`)}
          </p>
          <p className={styles.dim}>
            {entry.state === 'completed'
              ? `${t('campaigns.claimBy')}: ${formatDateTime(entry.claimBy, i18n.language)}`
              : `${t('campaigns.timeLimit')}: ${formatDateTime(entry.deadline, i18n.language)}`}
          </p>
        </>
      )}
      <details>
        <summary>{t('campaigns.conditions')}</summary>
        <ul className={styles.terms}>
          {mission.terms.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
      {!loggedIn ? (
        <Button onClick={() => openLogin()}>{t('campaigns.loginToJoin')}</Button>
      ) : !entry ? (
        mission.status === 'running' && (
          <Button busy={busy} onClick={join} data-testid="mission-join">
            {t('campaigns.join')}
          </Button>
        )
      ) : entry.state === 'completed' ? (
        <Button busy={busy} onClick={claim} data-testid="mission-claim">
          {t('campaigns.claim')}
        </Button>
      ) : null}
    </article>
  );
}
