/**
 * Match video (spec §3 match video fields, §4 "Video", §7 video URL lookups, §8 'video not found'):
 * the providers, their priority, the lookup's retry rule and what the page and the server share about
 * a stream. No zod here: the live match page imports it.
 */

/** The tutorial videos (/teach's overlay): one per tutorial page, played from the video provider with its captions. */
export const TUTORIAL_VIDEOS = ['how-to-bet'] as const;
export type TutorialVideo = (typeof TUTORIAL_VIDEOS)[number];
/** Public. { id }: a tutorial video's HLS playlist and, when the provider has them, its captions (WebVTT). */
export const TUTORIAL_VIDEO_CALL = 'video/tutorial';

/** The video providers of spec §7, in their default priority (the site setting `video.priority` may reorder them). */
export const VIDEO_PROVIDERS = ['nami', 'sportradar', 'saba'] as const;
export type VideoProviderName = (typeof VIDEO_PROVIDERS)[number];

/**
 * Each provider is a platform of the site's gray list (site setting `games.grayPlatforms`): a provider
 * named there is offered only to the gray users (`games.grayUsers`), as a gray game platform is.
 */
export const VIDEO_PLATFORM_CODES: Record<VideoProviderName, string> = { nami: 'NAMI', sportradar: 'SPORTRADAR', saba: 'SABA' };

/** The lookup call of each provider (spec §7: Nami (sportTypeId, namiId), Sportradar (streamId), Saba (streamingOption, channelCode, sportTypeId, seamless)). */
export const VIDEO_LOOKUP_CALLS: Record<VideoProviderName, string> = {
  nami: 'saba/getNamiStreamUrl',
  sportradar: 'saba/getSportradarStreamUrl',
  saba: 'saba/getSabaStreamUrl',
};

/**
 * Spec §4: "Video URL lookup retries: 3 when several sources exist, otherwise many". With another
 * source to fall back on, a provider gets 3 attempts; alone it gets LONE_SOURCE_ATTEMPTS (our bound
 * for "many": about half a minute of trying with the backoff below, then 'video not found').
 */
export const SEVERAL_SOURCES_ATTEMPTS = 3;
export const LONE_SOURCE_ATTEMPTS = 6;

export function lookupAttempts(sourceCount: number): number {
  return sourceCount > 1 ? SEVERAL_SOURCES_ATTEMPTS : LONE_SOURCE_ATTEMPTS;
}

/** The wait before attempt n (1-based; none before the first): 1, 2, 4, 8, 15 s… */
export function lookupBackoffMs(attempt: number): number {
  return attempt <= 1 ? 0 : Math.min(15_000, 1_000 * 2 ** (attempt - 2));
}

/** A stream that delivers nothing for this long before it starts playing is given up for the next source. */
export const STREAM_START_TIMEOUT_MS = 15_000;

/** What a lookup takes, per provider (the match's video fields of spec §3). */
export interface NamiParams {
  sportTypeId: string;
  namiId: string;
}
export interface SportradarParams {
  streamId: string;
}
export interface SabaParams {
  streamingOption: number;
  channelCode: string;
  sportTypeId: string;
  seamless: boolean;
}

export type VideoSource =
  | { provider: 'nami'; params: NamiParams }
  | { provider: 'sportradar'; params: SportradarParams }
  | { provider: 'saba'; params: SabaParams };

/** A live match that can be watched now (saba/liveStreams). */
export interface LiveStream {
  matchId: string;
  sportTypeId: string;
  leagueName: string;
  homeName: string;
  awayName: string;
  /** 'live' while it plays, 'soon' when it starts within the hour (its stream opens at kick-off). */
  state: 'live' | 'soon';
  kickoff: string;
  homeScore: number | null;
  awayScore: number | null;
  /** The providers that carry it, in the order they are tried. */
  providers: VideoProviderName[];
  /** Shown on the Cignal channel page (Philippine competitions carried on the Saba channel). */
  cignal: boolean;
}

/** A highlights clip of a match (saba/highlights). */
export interface HighlightClip {
  clipId: string;
  matchId: string;
  sportTypeId: string;
  leagueName: string;
  homeName: string;
  awayName: string;
  homeScore: number;
  awayScore: number;
  /** 'live': highlights so far of a match still playing; 'final': of a finished match. */
  state: 'live' | 'final';
  /** When the clip was cut (ISO). */
  at: string;
  durationSeconds: number;
}

/** What the lookups answer: an HLS playlist (a master playlist of several bitrates) and the provider. */
export interface StreamUrl {
  url: string;
  provider: VideoProviderName;
}

/** The Cignal channel carries the Philippine competitions (their league names say so) on the Saba channel. */
export function onCignal(leagueName: string, providers: readonly VideoProviderName[]): boolean {
  return providers.includes('saba') && /\bPhilippine\b/i.test(leagueName);
}
