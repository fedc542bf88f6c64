import { route, P, page } from '../route';

/** The routes of features/video: the live streams, Cignal, this week's highlights and the video test. */
export const VIDEO_ROUTES = [
  route({
    path: '/highlights',
    name: 'highlights',
    owner: 'video',
    page: page('HighlightsPage', () => import('../../../features/video/HighlightsPage')),
  }),
  route({
    path: '/cignal',
    name: 'cignal',
    owner: 'video',
    ...P,
    page: page('CignalPage', () => import('../../../features/video/LiveStreamsPage')),
  }),
  route({
    path: '/sport_video',
    name: 'sport_video',
    owner: 'video',
    page: page('LiveStreamsPage', () => import('../../../features/video/LiveStreamsPage')),
  }),
  route({
    path: '/video_test',
    name: 'video_test',
    owner: 'video',
    page: page('VideoTestPage', () => import('../../../features/video/VideoTestPage')),
  }),
  route({
    path: '/panalo-live',
    name: 'product-live',
    owner: 'video',
    page: page('LiveStreamsPage', () => import('../../../features/video/LiveStreamsPage')),
  }),
] as const;
