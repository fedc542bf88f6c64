import { queryOptions } from '@tanstack/react-query';
import { Attempt } from '../../api/attempt';
import { api } from '../../api/instance';
import type { ExchangeMasskaraAnswer, MasskaraAnswer, RafflesAnswer } from '../../contract/answers/masskara';
import { MasskaraCall } from '../../contract/masskara';

/** The Masskara campaign's and the raffles' calls (src/contract/masskara.ts). */

export type MasskaraCampaign = MasskaraAnswer;
export type MasskaraMine = NonNullable<MasskaraAnswer['me']>;
export type RaffleView = RafflesAnswer['raffles'][number];

export const MASSKARA_KEY = ['main', MasskaraCall.campaign] as const;

/** An edition of the campaign (the current one when none is named) and, logged in, the player's masks and records in it (asked again when a bet settles). */
export const masskaraQuery = (edition?: string) =>
  queryOptions({
    queryKey: [...MASSKARA_KEY, edition ?? 'current'],
    queryFn: () => api.call<MasskaraAnswer>('main', MasskaraCall.campaign, edition ? { edition } : {}),
    staleTime: 10_000,
  });

export const RAFFLES_KEY = ['main', MasskaraCall.raffles] as const;

export const rafflesQuery = queryOptions({
  queryKey: RAFFLES_KEY,
  queryFn: () => api.call<RafflesAnswer>('main', MasskaraCall.raffles, {}),
  staleTime: 10_000,
});

const joinAttempt = new Attempt();
const exchangeAttempt = new Attempt();

export const joinMasskara = (edition: string) =>
  joinAttempt.send({ edition }, (idempotencyKey) =>
    api.call<{ seedHash: string }>('main', MasskaraCall.join, { edition }, { idempotencyKey }),
  );

/** masskara/exchange: one prize per edition however often it is pressed. */
export const exchangeMasks = (edition: string) =>
  exchangeAttempt.send({ edition }, (idempotencyKey) =>
    api.call<ExchangeMasskaraAnswer>('main', MasskaraCall.exchange, { edition }, { idempotencyKey }),
  );
