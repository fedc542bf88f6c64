import * as z from 'zod/mini';
import { VIDEO_PROVIDERS, type HighlightClip, type LiveStream, type VideoSource } from '../video';
import { isoTime } from './common';
import { sportTypeId } from './feed';

/** The video calls' answers (server/modules/video): sources, lookups, live streams, highlights. */

export const videoProvider = z.enum(VIDEO_PROVIDERS);

const source: z.ZodMiniType<VideoSource> = z.union([
  z.strictObject({ provider: z.literal('nami'), params: z.strictObject({ sportTypeId: z.string(), namiId: z.string() }) }),
  z.strictObject({ provider: z.literal('sportradar'), params: z.strictObject({ streamId: z.string() }) }),
  z.strictObject({
    provider: z.literal('saba'),
    params: z.strictObject({ streamingOption: z.int(), channelCode: z.string(), sportTypeId: z.string(), seamless: z.boolean() }),
  }),
]);

/** saba/matchStreams: the match's video sources in the order to try them, and how often to try each lookup. */
export const streamSourcesAnswer = z.strictObject({ sources: z.array(source), attempts: z.int().check(z.minimum(1)) });

/** saba/getNamiStreamUrl, getSportradarStreamUrl, getSabaStreamUrl, getHighlightUrl, testStream. */
export const streamUrlAnswer = z.strictObject({ url: z.string(), provider: videoProvider });

/** video/tutorial: the playlist and the captions' address (null when the provider has none). */
export const tutorialVideoAnswer = z.strictObject({ url: z.string(), captions: z.nullable(z.string()) });
export type TutorialVideoAnswer = z.infer<typeof tutorialVideoAnswer>;

const liveStream: z.ZodMiniType<LiveStream> = z.strictObject({
  matchId: z.string(),
  sportTypeId,
  leagueName: z.string(),
  homeName: z.string(),
  awayName: z.string(),
  state: z.enum(['live', 'soon']),
  kickoff: isoTime,
  homeScore: z.nullable(z.int()),
  awayScore: z.nullable(z.int()),
  providers: z.array(videoProvider),
  cignal: z.boolean(),
});
/** saba/liveStreams: the matches that can be watched now or within the hour. */
export const liveStreamsAnswer = z.strictObject({ streams: z.array(liveStream) });

const clip: z.ZodMiniType<HighlightClip> = z.strictObject({
  clipId: z.string(),
  matchId: z.string(),
  sportTypeId,
  leagueName: z.string(),
  homeName: z.string(),
  awayName: z.string(),
  homeScore: z.int(),
  awayScore: z.int(),
  state: z.enum(['live', 'final']),
  at: isoTime,
  durationSeconds: z.int(),
});
/** saba/highlights: this week's clips, newest first. */
export const highlightsAnswer = z.strictObject({ clips: z.array(clip), weekEndsAt: isoTime });
