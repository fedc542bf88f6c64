import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';
import { ApiError } from './client';
import { GatewayCode } from '../contract/errorCodes';
import { VIDEO_LOOKUP_CALLS, type StreamUrl, type VideoSource, lookupBackoffMs } from '../contract/video';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * A source's playback URL (spec §7 lookups, §4 retries): up to `attempts` tries with a growing wait
 * between them (src/contract/video.ts). A provider that answers it has no stream ('video not found')
 * is not asked again; one that fails or is unreachable is. Undefined: give this source up.
 */
export async function lookupStream(source: VideoSource, attempts: number, signal: AbortSignal): Promise<string | undefined> {
  for (let attempt = 1; attempt <= attempts && !signal.aborted; attempt++) {
    await sleep(lookupBackoffMs(attempt), signal);
    if (signal.aborted) return undefined;
    try {
      return (await api.call<StreamUrl>('tp', VIDEO_LOOKUP_CALLS[source.provider], { ...source.params }, { quiet: true, signal })).url;
    } catch (error) {
      if (error instanceof ApiError && error.code === GatewayCode.VideoNotFound) return undefined;
    }
  }
  return undefined;
}

/** A match's video sources in the order to try them, and the lookup attempts per source (saba/matchStreams). */
export const matchStreamsQuery = (matchId: string) =>
  queryOptions({
    queryKey: ['tp', 'saba/matchStreams', matchId],
    queryFn: () => api.call<{ sources: VideoSource[]; attempts: number }>('tp', 'saba/matchStreams', { matchId }, { quiet: true }),
    staleTime: 60_000,
  });
