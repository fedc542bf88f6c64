import type { Match } from '../../../src/contract/feed';

/**
 * Live video (spec §3 match video fields, §4 "Video", §7 lookups): a match lists its stream providers in
 * priority order (Nami, Sportradar, Saba); the page asks each for a URL and plays the first that works.
 * The simulated providers play the local sample clip. Which provider has a stream for a match is fixed
 * by the match id; for some matches Sportradar answers a stream that is dead, as real providers do, so
 * the page's fallback is exercised.
 */
export type StreamProvider = 'nami' | 'sportradar' | 'saba';

export const SAMPLE_CLIP = '/media/sample.webm';

function pick(matchId: string, salt: number): number {
  let hash = salt;
  for (const char of matchId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return hash % 10;
}

export interface StreamSource {
  provider: StreamProvider;
  /** What the provider's lookup call takes. */
  params: Record<string, string | number | boolean>;
}

export function streamSources(match: Match): StreamSource[] {
  if (!match.video) return [];
  const sources: StreamSource[] = [];
  if (match.video.namiId)
    sources.push({ provider: 'nami', params: { matchId: match.matchId, sportTypeId: match.sportTypeId, namiId: match.video.namiId } });
  if (match.video.streamsId) sources.push({ provider: 'sportradar', params: { matchId: match.matchId, streamId: match.video.streamsId } });
  if (match.video.channelCode) {
    sources.push({
      provider: 'saba',
      params: {
        matchId: match.matchId,
        streamingOption: match.video.streamingOption,
        channelCode: match.video.channelCode,
        sportTypeId: match.sportTypeId,
        seamless: true,
      },
    });
  }
  return sources;
}

/** The URL a provider answers for a match, or undefined when it has no stream for it. */
export function streamUrl(provider: StreamProvider, matchId: string): string | undefined {
  const roll = pick(matchId, provider.length);
  switch (provider) {
    case 'nami':
      return roll < 4 ? `${SAMPLE_CLIP}?provider=nami&match=${matchId}` : undefined;
    case 'sportradar':
      // A stream that is announced but does not play: the page must move on to the next source.
      return roll < 5 ? `/media/live/${matchId}-sportradar.m3u8` : undefined;
    case 'saba':
      return `${SAMPLE_CLIP}?provider=saba&match=${matchId}`;
  }
}
