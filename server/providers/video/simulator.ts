import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  TUTORIAL_VIDEOS,
  type TutorialVideo,
  VIDEO_PROVIDERS,
  type VideoProviderName,
  type VideoSource,
} from '../../../src/contract/video';
import { LIVE_WINDOW, SEGMENT_COUNT, SEGMENT_SECONDS, type TestStream } from './hls';
import { type ClipSubject, NoStream, type PlaybackUrl, ProviderDown, type ProviderClip, type VideoProvider } from './types';

/**
 * The streaming simulator (development and tests): answers the Nami-, Sportradar- and Saba-style
 * lookups for the matches of the simulated feed with signed URLs of real HLS (./hls.ts, served by
 * ./simRoutes.ts), cuts highlight clips of matches with video, and offers a test stream. Each provider
 * can be switched to fail, as real ones do (`setMode`, the /sim/video page):
 *  - 'lookup-down': its lookup API fails (the page retries, then tries the next source);
 *  - 'no-stream': its lookup says it has no stream for the match;
 *  - 'dead-stream': its lookup answers a URL whose playlist is not there (the player fails over).
 * The switches live in this instance's memory: they are a development tool, not state.
 */

export type SourceMode = 'ok' | 'lookup-down' | 'no-stream' | 'dead-stream';
export const SOURCE_MODES: readonly SourceMode[] = ['ok', 'lookup-down', 'no-stream', 'dead-stream'];

/** A signed playback token's content: which provider, which stream, live or clip, until when (s). */
export interface PlaybackToken {
  p: VideoProviderName;
  /** The stream: a match id, a clip id or 'test'. */
  k: string;
  m: 'live' | 'vod';
  e: number;
}

/** How long a signed playback URL works (a player keeps using it while it watches). */
export const PLAYBACK_TTL_MS = 4 * 3_600_000;

/**
 * When a live playback token's stream started (ms): each URL is a stream of its own that began a full
 * live window before it was handed out, so its first playlist lists LIVE_WINDOW segments and its
 * sequence and discontinuity numbers start near 0, as a real stream's do. (Counting from 1970 gave
 * numbers near 10⁹ and 1.5·10⁸, and hls.js walks its per-discontinuity timestamps array up to that index
 * at every playlist load: seconds of the page's main thread each time, and the video never kept up.)
 */
export function liveOrigin(token: Pick<PlaybackToken, 'e'>): number {
  return token.e * 1000 - PLAYBACK_TTL_MS - (LIVE_WINDOW + 1) * SEGMENT_SECONDS * 1000;
}

/** A match as the simulator knows it from the feed: whether its stream runs now. */
export interface CarriedMatch {
  matchId: string;
  live: boolean;
}

export interface VideoSimulatorOptions {
  /** Signs the playback URLs (shared by the instances, so any of them serves a URL another signed). */
  secret: string;
  now: () => number;
  /** Where the simulator's routes are mounted (its URLs start with it). */
  prefix: string;
  /** The match a lookup names, when the feed has it with that video id. */
  carries: (source: VideoSource) => CarriedMatch | undefined;
  /** The encoded test stream (encoded at the first start). */
  stream: () => Promise<TestStream>;
}

const CLIP_SECONDS_MIN_PLAYED = 300;

export class VideoSimulator implements VideoProvider {
  private readonly modes = new Map<VideoProviderName, SourceMode>();

  constructor(private readonly options: VideoSimulatorOptions) {}

  mode(provider: VideoProviderName): SourceMode {
    return this.modes.get(provider) ?? 'ok';
  }

  setMode(provider: VideoProviderName, mode: SourceMode): void {
    if (mode === 'ok') this.modes.delete(provider);
    else this.modes.set(provider, mode);
  }

  allModes(): Record<VideoProviderName, SourceMode> {
    return Object.fromEntries(VIDEO_PROVIDERS.map((provider) => [provider, this.mode(provider)])) as Record<VideoProviderName, SourceMode>;
  }

  async lookup(source: VideoSource): Promise<PlaybackUrl> {
    const mode = this.mode(source.provider);
    if (mode === 'lookup-down') throw new ProviderDown(`${source.provider} lookup API is down (simulated)`);
    if (mode === 'no-stream') throw new NoStream();
    const match = this.options.carries(source);
    if (!match?.live) throw new NoStream();
    // The media must be there before a URL is given out; a simulator without ffmpeg is a provider that fails.
    await this.media();
    return this.playback({ p: source.provider, k: match.matchId, m: 'live' });
  }

  async clips(subjects: readonly ClipSubject[]): Promise<ProviderClip[]> {
    return subjects.flatMap((subject): ProviderClip[] => {
      if (!subject.live) {
        return [
          {
            clipId: `${subject.matchId}.final`,
            matchId: subject.matchId,
            homeScore: subject.homeScore,
            awayScore: subject.awayScore,
            state: 'final',
            at: subject.at,
            durationSeconds: this.clipSeconds(),
          },
        ];
      }
      // A live match has its highlights so far once something was played: one clip per period begun.
      if (subject.period < 1 || (subject.period === 1 && subject.periodSeconds < CLIP_SECONDS_MIN_PLAYED)) return [];
      return [
        {
          clipId: `${subject.matchId}.p${subject.period}`,
          matchId: subject.matchId,
          homeScore: subject.homeScore,
          awayScore: subject.awayScore,
          state: 'live',
          at: subject.at,
          durationSeconds: this.clipSeconds(),
        },
      ];
    });
  }

  async clipUrl(clipId: string): Promise<PlaybackUrl> {
    if (!/^[\w-]{1,40}\.(final|p\d{1,2})$/.test(clipId)) throw new NoStream();
    await this.media();
    return this.playback({ p: 'sportradar', k: clipId, m: 'vod' });
  }

  async testStream(): Promise<PlaybackUrl & { provider: VideoProviderName }> {
    await this.media();
    return { ...this.playback({ p: 'saba', k: 'test', m: 'live' }), provider: 'saba' };
  }

  /** A tutorial: the encoded test stream as a clip (the simulator has no other footage) with the tutorial's own captions. */
  async tutorial(id: TutorialVideo): Promise<PlaybackUrl & { captions: string | null }> {
    if (!TUTORIAL_VIDEOS.includes(id)) throw new NoStream();
    await this.media();
    return { ...this.playback({ p: 'saba', k: `tutorial.${id}`, m: 'vod' }), captions: `${this.options.prefix}/captions/${id}.vtt` };
  }

  /**
   * The token of a playback URL, when its signature holds, it has not expired and its provider's streams
   * are not switched dead. A token is `<provider>~<live|vod>~<expiry, base 36 s>~<stream>~<signature>`:
   * short enough for one path segment (the router takes at most 100 characters in a parameter).
   */
  verify(token: string): PlaybackToken | undefined {
    const parts = token.split('~');
    if (parts.length !== 5) return undefined;
    const [p, m, e, k, signature] = parts as [string, string, string, string, string];
    const expected = Buffer.from(this.sign(parts.slice(0, 4).join('~')));
    if (signature.length !== expected.length || !timingSafeEqual(expected, Buffer.from(signature))) return undefined;
    const provider = VIDEO_PROVIDERS.find((name) => name === p);
    const expires = parseInt(e, 36);
    if (!provider || (m !== 'live' && m !== 'vod') || !Number.isFinite(expires) || expires * 1000 < this.options.now()) return undefined;
    if (this.mode(provider) === 'dead-stream') return undefined;
    return { p: provider, m, e: expires, k };
  }

  media(): Promise<TestStream> {
    return this.options.stream().catch((error: unknown) => {
      throw new ProviderDown(error instanceof Error ? error.message : String(error));
    });
  }

  private clipSeconds(): number {
    return SEGMENT_COUNT * SEGMENT_SECONDS;
  }

  /** 22 characters of HMAC-SHA256 (132 bits). */
  private sign(payload: string): string {
    return createHmac('sha256', this.options.secret).update(payload).digest('base64url').slice(0, 22);
  }

  private playback(token: Omit<PlaybackToken, 'e'>): PlaybackUrl {
    const expires = this.options.now() + PLAYBACK_TTL_MS;
    const payload = [token.p, token.m, Math.floor(expires / 1000).toString(36), token.k].join('~');
    return { url: `${this.options.prefix}/play/${payload}~${this.sign(payload)}/master.m3u8`, expiresAt: new Date(expires).toISOString() };
  }
}
