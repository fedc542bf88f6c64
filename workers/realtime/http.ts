import { APP_ID, APP_VERSION, PRODUCT_ID, TENANT } from '../../src/contract/constants';
import { API_PREFIXES, readEnvelope } from '../../src/contract/envelopes';
import type { ListSnapshot, MatchSnapshot } from '../../src/contract/feed';
import type { ListQuery, RealtimeContext } from '../../src/contract/realtime';
import { HEADER, computeSign } from '../../src/contract/sign';
import { decodeSnapshot } from './decode';
import type { SnapshotSource } from './core';

/**
 * Fetches the compressed snapshots from the worker, with the same signed headers as every call of the
 * page (spec §7). The answer is binary deflate; an error comes back in the code/msg envelope.
 */
async function compressed<T>(origin: string, name: string, body: Record<string, unknown>, context: RealtimeContext): Promise<T> {
  const text = JSON.stringify({ productId: PRODUCT_ID, tenant: TENANT, client: 'h5', ...body });
  const qid = crypto.randomUUID();
  const response = await fetch(`${origin}${API_PREFIXES.tp}/${name}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [HEADER.token]: context.token,
      [HEADER.sign]: computeSign(context.appKey, { body: text, qid, appId: APP_ID, version: APP_VERSION, token: context.token }),
      [HEADER.qid]: qid,
      [HEADER.appId]: APP_ID,
      [HEADER.lang]: context.language,
      [HEADER.platform]: 'H5',
      [HEADER.deviceId]: context.deviceId,
    },
    body: text,
  });
  if (response.ok && (response.headers.get('content-type') ?? '').startsWith('application/octet-stream')) {
    return decodeSnapshot<T>(await response.arrayBuffer());
  }
  const envelope = readEnvelope(await response.json().catch(() => undefined));
  throw new Error(envelope ? `${name}: ${envelope.code} ${envelope.message}` : `${name}: HTTP ${response.status}`);
}

export function httpSnapshots(origin: string): SnapshotSource {
  return {
    list: (query: ListQuery, context) => compressed<ListSnapshot>(origin, 'saba/queryCompressedMatchList', { ...query }, context),
    match: (matchId: string, context) => compressed<MatchSnapshot>(origin, 'saba/queryCompressedMatchDetail', { matchId }, context),
  };
}
