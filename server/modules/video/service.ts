import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Match } from '../../../src/contract/feed';
import { type SportTypeId, isLiveEvent } from '../../../src/contract/sports';
import {
  type HighlightClip,
  type LiveStream,
  type TutorialVideo,
  VIDEO_PLATFORM_CODES,
  type VideoProviderName,
  type VideoSource,
  lookupAttempts,
  onCignal,
} from '../../../src/contract/video';
import { manilaWeekEnd } from '../../../src/lib/dates';
import { CallError } from '../../lib/errors';
import type { FeedProvider, MatchResult } from '../../providers/feed/types';
import type { CarriedMatch } from '../../providers/video/simulator';
import { type ClipSubject, NoStream, ProviderDown, type VideoProvider } from '../../providers/video/types';

/**
 * Match video over the feed and the video provider (spec §4 "Video"): which sources a match has for
 * this player, in priority order (site setting `video.priority`), each provider only for the sports it
 * streams (`video.sports`) and, when its platform is gray-listed (`games.grayPlatforms`), only for the
 * gray users; the lookups, with the provider's answers turned into the player's words ('video not
 * found', or 'try again' for a provider that failed); the live streams; this week's highlights.
 */

export interface VideoSettings {
  priority: VideoProviderName[];
  sports: Record<VideoProviderName, string[]>;
  grayPlatforms: readonly string[];
}

export interface VideoServiceOptions {
  feed: FeedProvider;
  provider: () => VideoProvider;
  settings: () => VideoSettings;
  /** Whether this player sees gray-listed platforms (the games module's gray list). */
  isGray: (customerId: number | null | undefined) => Promise<boolean>;
  now: () => number;
}

export const videoNotFound = () => new CallError(GatewayCode.VideoNotFound, 'video not found', 404);
const providerDown = () =>
  new CallError(GatewayCode.VideoProviderDown, 'The video provider is not answering right now. Please try again.', 503);
const gone = () => new CallError(GatewayCode.InvalidRequest, 'This match is over or no longer available.', 404);

/** A match whose stream opens within this long is listed as starting soon. */
const SOON_MS = 3_600_000;
/** The live and today's matches are read from the feed at most this often for the lookups. */
const INDEX_TTL_MS = 1_000;
/** Finished matches with video remembered for their highlights (the week's). */
const FINISHED_KEPT = 500;

interface Finished {
  match: Match;
  homeScore: number;
  awayScore: number;
  finishedAt: number;
}

/** The sources a match's video fields name (spec §3: namiId, streamsId, streamingOption and channelCode). */
export function matchSources(match: Match): VideoSource[] {
  const video = match.video;
  if (!video) return [];
  const sources: VideoSource[] = [];
  if (video.namiId) sources.push({ provider: 'nami', params: { sportTypeId: match.sportTypeId, namiId: video.namiId } });
  if (video.streamsId) sources.push({ provider: 'sportradar', params: { streamId: video.streamsId } });
  if (video.channelCode) {
    sources.push({
      provider: 'saba',
      params: { streamingOption: video.streamingOption, channelCode: video.channelCode, sportTypeId: match.sportTypeId, seamless: true },
    });
  }
  return sources;
}

/** Whether a provider may be offered for a sport to this player, under the settings. */
export function providerAllowed(settings: VideoSettings, provider: VideoProviderName, sportTypeId: string, gray: boolean): boolean {
  const sports = settings.sports[provider] ?? [];
  if (!sports.includes('*') && !sports.includes(sportTypeId)) return false;
  return gray || !settings.grayPlatforms.includes(VIDEO_PLATFORM_CODES[provider]);
}

/** The sources to offer, in the settings' priority (providers it does not name come last, in the spec's order). */
export function orderSources(settings: VideoSettings, sources: VideoSource[], sportTypeId: string, gray: boolean): VideoSource[] {
  const rank = (provider: VideoProviderName) => {
    const at = settings.priority.indexOf(provider);
    return at < 0 ? settings.priority.length : at;
  };
  return sources
    .filter((source) => providerAllowed(settings, source.provider, sportTypeId, gray))
    .sort((a, b) => rank(a.provider) - rank(b.provider));
}

export class VideoService {
  private index: { at: number; matches: Match[] } | undefined;
  private readonly finished: Finished[] = [];

  constructor(private readonly options: VideoServiceOptions) {
    options.feed.onResult((result: MatchResult) => this.remember(result));
  }

  private get feed() {
    return this.options.feed;
  }

  /** The live and today's matches (what can be streamed now or soon), read from the feed at most once a second. */
  private matches(): Match[] {
    const now = this.options.now();
    if (this.index && now - this.index.at < INDEX_TTL_MS) return this.index.matches;
    const matches: Match[] = [];
    for (const count of this.feed.sportCounts()) {
      const sport = count.sportTypeId as SportTypeId;
      if (count.live > 0) matches.push(...this.feed.listSnapshot(sport, 'live').matches);
      if (count.today > 0) matches.push(...this.feed.listSnapshot(sport, 'today').matches);
    }
    const unique = [...new Map(matches.map((m) => [m.matchId, m])).values()];
    this.index = { at: now, matches: unique };
    return unique;
  }

  /** The match a provider's lookup names (for the simulator, which carries the feed's matches). */
  carries(source: VideoSource): CarriedMatch | undefined {
    const match = this.matches().find((m) => {
      const video = m.video;
      if (!video) return false;
      switch (source.provider) {
        case 'nami':
          return video.namiId === source.params.namiId && m.sportTypeId === source.params.sportTypeId;
        case 'sportradar':
          return video.streamsId === source.params.streamId;
        case 'saba':
          return (
            video.channelCode === source.params.channelCode &&
            video.streamingOption === source.params.streamingOption &&
            m.sportTypeId === source.params.sportTypeId &&
            isLiveEvent(m)
          );
      }
    });
    return match && { matchId: match.matchId, live: isLiveEvent(match) };
  }

  /** saba/matchStreams: the sources this player may try for a match, in order, and the attempts per lookup. */
  async sources(matchId: string, customerId: number | null | undefined): Promise<{ sources: VideoSource[]; attempts: number }> {
    const match = this.feed.match(matchId);
    if (!match) throw gone();
    // A stream runs while the match does: before kick-off there is nothing to look up.
    if (!isLiveEvent(match) || !match.video) return { sources: [], attempts: 1 };
    const sources = orderSources(this.options.settings(), matchSources(match), match.sportTypeId, await this.options.isGray(customerId));
    return { sources, attempts: lookupAttempts(sources.length) };
  }

  /** A provider's lookup for this player; refused as 'video not found' where the provider is not offered to them. */
  async lookup(source: VideoSource, customerId: number | null | undefined): Promise<{ url: string; provider: VideoProviderName }> {
    const sportTypeId = source.provider === 'sportradar' ? this.sportOfStream(source.params.streamId) : source.params.sportTypeId;
    if (!sportTypeId || !providerAllowed(this.options.settings(), source.provider, sportTypeId, await this.options.isGray(customerId))) {
      throw videoNotFound();
    }
    return { url: (await this.ask(() => this.options.provider().lookup(source))).url, provider: source.provider };
  }

  private sportOfStream(streamId: string): string | undefined {
    return this.matches().find((m) => m.video?.streamsId === streamId)?.sportTypeId;
  }

  private async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof NoStream) throw videoNotFound();
      if (error instanceof ProviderDown) throw providerDown();
      throw error;
    }
  }

  /** saba/liveStreams: matches with video live now or within the hour, with the providers this player may use. */
  async liveStreams(customerId: number | null | undefined): Promise<LiveStream[]> {
    // Kick-off times are the feed's.
    const now = this.feed.now();
    const settings = this.options.settings();
    const gray = await this.options.isGray(customerId);
    return this.matches()
      .flatMap((match): LiveStream[] => {
        const live = isLiveEvent(match);
        const kickoff = Date.parse(match.kickoff);
        if (!live && !(kickoff >= now && kickoff - now <= SOON_MS)) return [];
        const providers = orderSources(settings, matchSources(match), match.sportTypeId, gray).map((s) => s.provider);
        if (providers.length === 0) return [];
        return [
          {
            matchId: match.matchId,
            sportTypeId: match.sportTypeId,
            leagueName: match.leagueName,
            homeName: match.homeName,
            awayName: match.awayName,
            state: live ? 'live' : 'soon',
            kickoff: match.kickoff,
            homeScore: match.live?.homeScore ?? null,
            awayScore: match.live?.awayScore ?? null,
            providers,
            cignal: onCignal(match.leagueName, providers),
          },
        ];
      })
      .sort((a, b) => (a.state === b.state ? a.kickoff.localeCompare(b.kickoff) : a.state === 'live' ? -1 : 1));
  }

  private remember(result: MatchResult): void {
    const match = this.feed.match(result.matchId);
    if (!match?.video) return;
    this.finished.push({ match, homeScore: result.homeScore, awayScore: result.awayScore, finishedAt: result.finishedAt });
    if (this.finished.length > FINISHED_KEPT) this.finished.splice(0, this.finished.length - FINISHED_KEPT);
  }

  /**
   * saba/highlights: this Manila week's clips (Monday to the end of Sunday), newest first: the matches
   * with video that finished this week, and the highlights so far of those playing now.
   */
  async highlights(customerId: number | null | undefined): Promise<{ clips: HighlightClip[]; weekEndsAt: string }> {
    const now = this.options.now();
    const weekEnd = manilaWeekEnd(now);
    const weekStart = weekEnd - 7 * 86_400_000;
    const settings = this.options.settings();
    const gray = await this.options.isGray(customerId);
    const offered = (match: Match) => orderSources(settings, matchSources(match), match.sportTypeId, gray).length > 0;
    const byId = new Map<string, Match>();
    const subjects: ClipSubject[] = [];
    // Finished first: the live list read a moment ago may still show a match that has just ended.
    for (const done of this.finished) {
      if (done.finishedAt < weekStart || !offered(done.match) || byId.has(done.match.matchId)) continue;
      byId.set(done.match.matchId, done.match);
      subjects.push({
        matchId: done.match.matchId,
        live: false,
        homeScore: done.homeScore,
        awayScore: done.awayScore,
        period: 0,
        periodSeconds: 0,
        at: new Date(done.finishedAt).toISOString(),
      });
    }
    for (const match of this.matches()) {
      if (!isLiveEvent(match) || !match.live || !offered(match) || byId.has(match.matchId)) continue;
      byId.set(match.matchId, match);
      subjects.push({
        matchId: match.matchId,
        live: true,
        homeScore: match.live.homeScore,
        awayScore: match.live.awayScore,
        period: match.live.livePeriod,
        periodSeconds: match.live.inPlayTime3,
        at: match.kickoff,
      });
    }
    const clips = await this.ask(() => this.options.provider().clips(subjects));
    return {
      clips: clips
        .flatMap((clip): HighlightClip[] => {
          const match = byId.get(clip.matchId);
          if (!match) return [];
          return [
            {
              clipId: clip.clipId,
              matchId: clip.matchId,
              sportTypeId: match.sportTypeId,
              leagueName: match.leagueName,
              homeName: match.homeName,
              awayName: match.awayName,
              homeScore: clip.homeScore,
              awayScore: clip.awayScore,
              state: clip.state,
              at: clip.at,
              durationSeconds: clip.durationSeconds,
            },
          ];
        })
        .sort((a, b) => (a.state === b.state ? b.at.localeCompare(a.at) : a.state === 'final' ? -1 : 1)),
      weekEndsAt: new Date(weekEnd).toISOString(),
    };
  }

  /** saba/getHighlightUrl */
  async clipUrl(clipId: string): Promise<{ url: string; provider: VideoProviderName }> {
    return { url: (await this.ask(() => this.options.provider().clipUrl(clipId))).url, provider: 'sportradar' };
  }

  /** video/tutorial: a tutorial video (/teach) and its captions. */
  async tutorial(id: TutorialVideo): Promise<{ url: string; captions: string | null }> {
    const answer = await this.ask(() => this.options.provider().tutorial(id));
    return { url: answer.url, captions: answer.captions };
  }

  /** saba/testStream: the stream /video_test plays. */
  async testStream(): Promise<{ url: string; provider: VideoProviderName }> {
    const answer = await this.ask(() => this.options.provider().testStream());
    return { url: answer.url, provider: answer.provider };
  }
}
