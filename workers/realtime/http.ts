import type { SelectionDetailRequest, SelectionDetailResponse } from '../../src/contract/betting';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../../src/contract/constants';
import { API_PREFIXES, isSuccessCode, readEnvelope } from '../../src/contract/envelopes';
import type { ListSnapshot, MatchSnapshot } from '../../src/contract/feed';
import type { ListQuery, RealtimeContext } from '../../src/contract/realtime';
import { GatewayCode, TOKEN_RESET_CODES } from '../../src/contract/errorCodes';
import { callBody, signedHeaders } from '../../src/contract/request';
import { SupportCall, type SupportConversation, type SupportMessage } from '../../src/contract/support';
import { decodeSnapshot } from './decode';
import type { SnapshotSource } from './core';
import type { SupportSender } from './support';

/**
 * The worker's calls to the betting API, with the same signed headers as every call of the page
 * (spec §7, one builder: src/contract/request.ts): the compressed snapshots and the bet-order refresh.
 */
function post(
  origin: string,
  name: string,
  body: Record<string, unknown>,
  context: RealtimeContext,
  signal?: AbortSignal,
): Promise<Response> {
  const text = JSON.stringify(callBody(body, context));
  const qid = crypto.randomUUID();
  return fetch(`${origin}${API_PREFIXES.tp}/${name}`, {
    method: 'POST',
    headers: signedHeaders(text, qid, context),
    body: text,
    ...(signal ? { signal } : {}),
  });
}

/** A compressed list: binary deflate; an error comes back in the code/msg envelope. */
async function compressed<T>(origin: string, name: string, body: Record<string, unknown>, context: RealtimeContext): Promise<T> {
  const response = await post(origin, name, body, context);
  if (response.ok && (response.headers.get('content-type') ?? '').startsWith('application/octet-stream')) {
    return decodeSnapshot<T>(await response.arrayBuffer());
  }
  const envelope = readEnvelope(await response.json().catch(() => undefined));
  throw new Error(envelope ? `${name}: ${envelope.code} ${envelope.message}` : `${name}: HTTP ${response.status}`);
}

/** A JSON call answered in the code/msg/data envelope: the data on success, an error otherwise. */
async function json<T>(origin: string, name: string, body: Record<string, unknown>, context: RealtimeContext): Promise<T> {
  const response = await post(origin, name, body, context, AbortSignal.timeout(DEFAULT_REQUEST_TIMEOUT_MS));
  const envelope = readEnvelope<T>(await response.json().catch(() => undefined));
  if (!envelope) throw new Error(`${name}: HTTP ${response.status}`);
  if (!isSuccessCode(envelope.code)) throw new Error(`${name}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

export function httpSnapshots(origin: string): SnapshotSource {
  return {
    list: (query: ListQuery, context) => compressed<ListSnapshot>(origin, 'saba/queryCompressedMatchList', { ...query }, context),
    match: (matchId: string, context) => compressed<MatchSnapshot>(origin, 'saba/queryCompressedMatchDetail', { matchId }, context),
    selections: async (request: SelectionDetailRequest, context) => {
      const data = await json<SelectionDetailResponse>(origin, 'saba/querySelectionDetailV2', { ...request }, context);
      if (!Array.isArray(data?.selections)) throw new Error('saba/querySelectionDetailV2: no selections in the answer');
      return data;
    },
  };
}

/**
 * support/send from the worker's outbox (workers/realtime/support.ts): a main-API call signed as the
 * page's, answered in the head/body envelope. No answer, a timeout, 429 or a 5xx: it goes again later;
 * an ended session or a refusal: the player sees why.
 */
export function supportSender(origin: string): SupportSender {
  return async (item, context) => {
    const text = JSON.stringify(
      callBody(
        { clientMessageId: item.clientMessageId, text: item.text, ...(item.image ? { image: item.image } : {}), ...item.context },
        context,
      ),
    );
    let response: Response;
    try {
      response = await fetch(`${origin}${API_PREFIXES.main}/${SupportCall.send}`, {
        method: 'POST',
        headers: signedHeaders(text, crypto.randomUUID(), context),
        body: text,
        signal: AbortSignal.timeout(DEFAULT_REQUEST_TIMEOUT_MS),
      });
    } catch {
      return { kind: 'network' };
    }
    const envelope = readEnvelope<{ message: SupportMessage; conversation: SupportConversation }>(
      await response.json().catch(() => undefined),
    );
    if (response.status === 429 || response.status >= 500 || !envelope) return { kind: 'network' };
    if (isSuccessCode(envelope.code)) return { kind: 'sent', message: envelope.data.message, conversation: envelope.data.conversation };
    if ([...TOKEN_RESET_CODES, GatewayCode.LoginRequired].includes(envelope.code)) return { kind: 'session', error: envelope.message };
    return { kind: 'refused', error: envelope.message };
  };
}
