import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { api, queryClient } from '../../api/instance';
import type { rgFamilyExclusionAnswer, rgHistoryAnswer, rgStatusAnswer } from '../../contract/answers/responsibleGaming';
import {
  type RgBreak,
  type RgCategory,
  type RgCategoryPeriod,
  type RgExclusion,
  type RgLimit,
  RgCall,
  type RgBody,
} from '../../contract/responsibleGaming';

/** The responsible-gaming calls (src/contract/responsibleGaming.ts). Every change answers the new status. */

export type RgStatus = z.infer<typeof rgStatusAnswer>;
export type RgLimitState = RgStatus['limits'][number];
export type RgHistory = z.infer<typeof rgHistoryAnswer>;
export type RgHistoryEntry = RgHistory['list'][number];
export type FamilyExclusionBody = z.infer<(typeof RgBody)['familyExclusion']>;

/** The status of the login holding `token` (a new login, after a break say, reads its own). */
export const rgStatusQuery = (token: string) =>
  queryOptions({
    queryKey: ['main', RgCall.status, token],
    queryFn: () => api.call<RgStatus>('main', RgCall.status, {}),
    staleTime: 30_000,
  });

/** The same status, read in the background by the app's watcher: it never tells the player a failure. */
export const rgStatusQuiet = (token: string) =>
  queryOptions({
    queryKey: ['main', RgCall.status, token, 'quiet'],
    queryFn: () => api.call<RgStatus>('main', RgCall.status, {}, { quiet: true }),
    staleTime: 30_000,
  });

/**
 * Keeps both reads of the status in step with an answer that carries the new one (a reality check
 * acknowledged, the deposit-limit offer answered); without one (the call failed), the status is read again.
 */
export function storeRgStatus(token: string, next: RgStatus | null): void {
  if (!next) return void queryClient.invalidateQueries({ queryKey: rgStatusQuiet(token).queryKey });
  queryClient.setQueryData(rgStatusQuiet(token).queryKey, next);
  queryClient.setQueryData(rgStatusQuery(token).queryKey, next);
}

export const rgHistoryQuery = queryOptions({
  queryKey: ['main', RgCall.history],
  queryFn: () => api.call<RgHistory>('main', RgCall.history, { pageNo: 1 }),
  staleTime: 10_000,
});

const change = (name: string, body: Record<string, unknown> = {}) => api.call<RgStatus>('main', name, body);

export const setLimit = (limit: RgLimit, value: number | null) => change(RgCall.setLimit, { limit, value });
export const confirmChange = (limit: RgLimit | 'exclusion') => change(RgCall.confirmChange, { limit });
export const cancelChange = (limit: RgLimit | 'exclusion') => change(RgCall.cancelChange, { limit });
export const setReminders = (realityMinutes: number | null, inactivityMinutes: number | null) =>
  change(RgCall.setReminders, { realityMinutes, inactivityMinutes });
export const acknowledgeRealityCheck = () => change(RgCall.acknowledgeRealityCheck);
export const takeBreak = (period: RgBreak) => change(RgCall.takeBreak, { period });
export const selfExclude = (period: RgExclusion) => change(RgCall.selfExclude, { period });
export const endExclusion = () => change(RgCall.endExclusion);
export const switchCategory = (category: RgCategory, period: RgCategoryPeriod) => change(RgCall.switchCategory, { category, period });
export const answerLimitOffer = (stage: 'registration' | 'firstDeposit', depositDay: number | null) =>
  change(RgCall.answerLimitOffer, { stage, depositDay });
export const requestFamilyExclusion = (body: FamilyExclusionBody) =>
  api.call<z.infer<typeof rgFamilyExclusionAnswer>>('main', RgCall.familyExclusion, body);
