import { queryOptions } from '@tanstack/react-query';
import { Attempt } from '../../api/attempt';
import { api } from '../../api/instance';
import type {
  MissionAnswer,
  MissionsAnswer,
  OpenHighlightAnswer,
  SpinAnswer,
  SpinOpportunityAnswer,
  TournamentsAnswer,
  WatchedHighlightAnswer,
} from '../../contract/answers/campaigns';
import { CampaignCall } from '../../contract/campaigns';

/** The campaigns calls (src/contract/campaigns.ts): missions, joining and claiming, the lucky spin. */

export type Mission = MissionAnswer;
export type SpinOpportunity = SpinOpportunityAnswer;
export type SpinResult = SpinAnswer;

export const MISSIONS_KEY = ['main', CampaignCall.missions] as const;

/** The missions of an event (every running one without), with the player's progress. */
export const missionsQuery = (eventId?: string) =>
  queryOptions({
    queryKey: [...MISSIONS_KEY, eventId ?? ''],
    queryFn: () => api.call<MissionsAnswer>('main', CampaignCall.missions, eventId ? { eventId } : {}),
    staleTime: 10_000,
  });

export const missionQuery = (id: string) =>
  queryOptions({
    queryKey: [...MISSIONS_KEY, 'detail', id],
    queryFn: () => api.call<MissionAnswer>('main', CampaignCall.mission, { id }),
    staleTime: 10_000,
  });

const joinAttempt = new Attempt();
const claimAttempt = new Attempt();

export const joinMission = (id: string) =>
  joinAttempt.send({ id }, (idempotencyKey) => api.call<{ deadline: string }>('main', CampaignCall.join, { id }, { idempotencyKey }));

/** sport-activity/claim-rewards: once, however often it is pressed. */
export const claimMission = (id: string) =>
  claimAttempt.send({ id }, (idempotencyKey) =>
    api.call<{ bonus: number; cash: boolean }>('main', CampaignCall.claimRewards, { id }, { idempotencyKey }),
  );

/** Opens a highlight for the watch tasks: its playlist, and the server's note of when it was opened. */
export const openHighlight = (clipId: string) => api.call<OpenHighlightAnswer>('main', CampaignCall.openHighlight, { clipId });

/** The highlight opened earlier played to its end (the server checks its length has passed). */
export const watchedHighlight = (clipId: string) => api.call<WatchedHighlightAnswer>('main', CampaignCall.watchedHighlight, { clipId });

export const SPIN_KEY = ['main', CampaignCall.spinOpportunity] as const;

export const spinOpportunityQuery = queryOptions({
  queryKey: SPIN_KEY,
  // Quiet: the floating icon asks it on every page; the dialog shows a failure itself.
  queryFn: () => api.call<SpinOpportunityAnswer>('main', CampaignCall.spinOpportunity, {}, { quiet: true }),
  staleTime: 10_000,
});

const spinAttempt = new Attempt();

/** Spends one spin (one draw however often it is pressed while the answer is on its way). */
export const spinOnce = () =>
  spinAttempt.send({}, (idempotencyKey) => api.call<SpinAnswer>('main', CampaignCall.spin, {}, { idempotencyKey }));

export type Tournament = TournamentsAnswer['tournaments'][number];

/** The slot tournaments and their standings (asked again every 30 s while the page is open). */
export const tournamentsQuery = queryOptions({
  queryKey: ['main', CampaignCall.tournaments],
  queryFn: () => api.call<TournamentsAnswer>('main', CampaignCall.tournaments, {}),
  staleTime: 10_000,
  refetchInterval: 30_000,
});
