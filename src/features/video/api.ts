import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/instance';
import type { HighlightClip, LiveStream, StreamUrl } from '../../contract/video';

/** The video pages' calls (server/modules/video): the live streams, this week's highlights, the test stream. */

export const liveStreamsQuery = queryOptions({
  queryKey: ['tp', 'saba/liveStreams'],
  queryFn: () => api.call<{ streams: LiveStream[] }>('tp', 'saba/liveStreams', {}, { quiet: true }),
  staleTime: 15_000,
  refetchInterval: 30_000,
});

export const highlightsQuery = queryOptions({
  queryKey: ['tp', 'saba/highlights'],
  queryFn: () => api.call<{ clips: HighlightClip[]; weekEndsAt: string }>('tp', 'saba/highlights', {}, { quiet: true }),
  staleTime: 60_000,
});

/** A clip's playlist (signed, valid a few minutes: asked for when the clip is opened). */
export const clipUrl = (clipId: string) => api.call<StreamUrl>('tp', 'saba/getHighlightUrl', { clipId }, { quiet: true });

export const testStreamQuery = queryOptions({
  queryKey: ['tp', 'saba/testStream'],
  queryFn: () => api.call<StreamUrl>('tp', 'saba/testStream', {}, { quiet: true }),
  staleTime: 60_000,
});
