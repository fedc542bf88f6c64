import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  highlightsAnswer,
  liveStreamsAnswer,
  streamSourcesAnswer,
  streamUrlAnswer,
  tutorialVideoAnswer,
} from '../../../src/contract/answers/video';
import { TUTORIAL_VIDEOS, TUTORIAL_VIDEO_CALL } from '../../../src/contract/video';
import { SportTypeId } from '../../../src/contract/sports';
import type { VideoService } from './service';

/**
 * The video calls (spec §7 "streams", video URL lookups): a match's sources, the three providers'
 * lookups with the spec's fields, the live streams, this week's highlights and their clips, and the
 * test stream. All public: a visitor may watch; a gray-listed player's session widens what is offered.
 */

const sportId = z.enum(Object.values(SportTypeId) as [string, ...string[]], { message: 'Unknown sport.' });
const id = (name: string) => z.string().check(z.regex(/^[\w.-]{1,64}$/, { message: `${name} is not valid.` }));

export async function videoRoutes(app: FastifyInstance, options: { service: VideoService }) {
  const { service } = options;

  app.call({
    prefix: 'tp',
    name: 'saba/matchStreams',
    auth: 'public',
    body: z.looseObject({ matchId: id('matchId') }),
    answer: streamSourcesAnswer,
    handler: ({ body, session }) => service.sources(body.matchId, session?.customerId),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/getNamiStreamUrl',
    auth: 'public',
    body: z.looseObject({ sportTypeId: sportId, namiId: id('namiId') }),
    answer: streamUrlAnswer,
    handler: ({ body, session }) =>
      service.lookup({ provider: 'nami', params: { sportTypeId: body.sportTypeId, namiId: body.namiId } }, session?.customerId),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/getSportradarStreamUrl',
    auth: 'public',
    body: z.looseObject({ streamId: id('streamId') }),
    answer: streamUrlAnswer,
    handler: ({ body, session }) => service.lookup({ provider: 'sportradar', params: { streamId: body.streamId } }, session?.customerId),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/getSabaStreamUrl',
    auth: 'public',
    body: z.looseObject({
      streamingOption: z.int().check(z.minimum(0), z.maximum(99)),
      channelCode: id('channelCode'),
      sportTypeId: sportId,
      seamless: z.boolean(),
    }),
    answer: streamUrlAnswer,
    handler: ({ body, session }) =>
      service.lookup(
        {
          provider: 'saba',
          params: {
            streamingOption: body.streamingOption,
            channelCode: body.channelCode,
            sportTypeId: body.sportTypeId,
            seamless: body.seamless,
          },
        },
        session?.customerId,
      ),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/liveStreams',
    auth: 'public',
    body: z.looseObject({}),
    answer: liveStreamsAnswer,
    handler: async ({ session }) => ({ streams: await service.liveStreams(session?.customerId) }),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/highlights',
    auth: 'public',
    body: z.looseObject({}),
    answer: highlightsAnswer,
    handler: ({ session }) => service.highlights(session?.customerId),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/getHighlightUrl',
    auth: 'public',
    body: z.looseObject({ clipId: id('clipId') }),
    answer: streamUrlAnswer,
    handler: ({ body }) => service.clipUrl(body.clipId),
  });

  app.call({
    prefix: 'main',
    name: TUTORIAL_VIDEO_CALL,
    auth: 'public',
    body: z.looseObject({ id: z.enum(TUTORIAL_VIDEOS) }),
    answer: tutorialVideoAnswer,
    handler: ({ body }) => service.tutorial(body.id),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/testStream',
    auth: 'public',
    body: z.looseObject({}),
    answer: streamUrlAnswer,
    handler: () => service.testStream(),
  });
}
