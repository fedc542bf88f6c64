import type { TutorialVideo, VideoProviderName, VideoSource } from '../../../src/contract/video';

/**
 * The match video providers (spec §7 video URL lookups) behind one interface. A real adapter calls the
 * provider's API with the operator's credentials (Nami by namiId, Sportradar by streamId, Saba by
 * channel) and answers the playback URL it signs, usually an HLS master playlist valid for a few
 * minutes; outside production the streaming simulator (./simulator.ts) answers its own HLS.
 */

/** The provider has no stream for this (an answer, not a failure: asking again will not change it). */
export class NoStream extends Error {
  constructor(message = 'no stream') {
    super(message);
    this.name = 'NoStream';
  }
}

/** The provider could not be reached or failed (worth asking again: the page retries its lookup). */
export class ProviderDown extends Error {
  constructor(message = 'video provider unavailable') {
    super(message);
    this.name = 'ProviderDown';
  }
}

export interface PlaybackUrl {
  /** An HLS master playlist (several bitrates), absolute or on this origin. */
  url: string;
  /** When the signed URL stops working (ISO). */
  expiresAt: string;
}

/** A clip the provider cut from a match (highlights). */
export interface ProviderClip {
  clipId: string;
  matchId: string;
  homeScore: number;
  awayScore: number;
  state: 'live' | 'final';
  at: string;
  durationSeconds: number;
}

/** The match a provider is asked about: its ids and what its highlights need. */
export interface ClipSubject {
  matchId: string;
  live: boolean;
  homeScore: number;
  awayScore: number;
  /** The period being played (livePeriod) and its seconds played (inPlayTime3): a live match's clips so far. */
  period: number;
  periodSeconds: number;
  /** Kick-off of a live match, the end of a finished one (ISO): when its clips are dated. */
  at: string;
}

export interface VideoProvider {
  /** The playback URL of a live match's stream; throws NoStream or ProviderDown. */
  lookup(source: VideoSource): Promise<PlaybackUrl>;
  /** The highlight clips the provider has for these matches (finished or still playing). */
  clips(subjects: readonly ClipSubject[]): Promise<ProviderClip[]>;
  /** The playback URL of one clip; throws NoStream when it is gone. */
  clipUrl(clipId: string): Promise<PlaybackUrl>;
  /** A stream to check that video plays on a device (/video_test); throws NoStream when the provider has none. */
  testStream(): Promise<PlaybackUrl & { provider: VideoProviderName }>;
  /** A tutorial video (/teach) and its captions' WebVTT address, or null when it has none; throws NoStream when there is no such video. */
  tutorial(id: TutorialVideo): Promise<PlaybackUrl & { captions: string | null }>;
}

/** No provider configured (production without credentials): nothing to play, said as 'video not found'. */
export const noVideoProvider: VideoProvider = {
  lookup: () => Promise.reject(new NoStream('no video provider is configured')),
  clips: () => Promise.resolve([]),
  clipUrl: () => Promise.reject(new NoStream('no video provider is configured')),
  testStream: () => Promise.reject(new NoStream('no video provider is configured')),
  tutorial: () => Promise.reject(new NoStream('no video provider is configured')),
};
