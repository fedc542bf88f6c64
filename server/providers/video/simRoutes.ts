import type { FastifyInstance, FastifyReply } from 'fastify';
import { TUTORIAL_VIDEOS, type TutorialVideo, VIDEO_PROVIDERS, type VideoProviderName } from '../../../src/contract/video';
import { SEGMENT_COUNT, SEGMENT_SECONDS, livePlaylist, masterPlaylist, readSegment, vodPlaylist } from './hls';
import { SOURCE_MODES, type SourceMode, type VideoSimulator, liveOrigin } from './simulator';

/**
 * The streaming simulator's HTTP side (outside production only): the signed HLS it hands out
 *   /sim/video/play/<token>/master.m3u8          the renditions (240p, 360p, 480p)
 *   /sim/video/play/<token>/<n>/index.m3u8       a live window (or a clip's whole list)
 *   /sim/video/play/<token>/<n>/<seq>.ts         a segment
 *   /sim/video/captions/<tutorial>.vtt           a tutorial's captions (WebVTT)
 * and its switches: the page /sim/video, and POST /sim/video/switch {provider, mode} for tests.
 */
export const VIDEO_SIM_PREFIX = '/sim/video';

const PLAYLIST = 'application/vnd.apple.mpegurl';

function playlist(reply: FastifyReply, text: string, live: boolean) {
  // A live window changes every segment: a player asks again; a clip's list never changes.
  return reply
    .header('Cache-Control', live ? 'no-cache' : 'public, max-age=3600')
    .type(PLAYLIST)
    .send(text);
}

const notFound = (reply: FastifyReply) => reply.status(404).header('Cache-Control', 'no-store').type('text/plain').send('No such stream.');

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the tutorial says, line by line, spread over the clip (the captions of /teach's video). */
const TUTORIAL_LINES: Record<TutorialVideo, string[]> = {
  'how-to-bet': [
    'Welcome to Panalo. This is how to place a bet.',
    'Open Sports and choose a match.',
    'Tap the price of the outcome you pick: it goes on your bet slip.',
    'Enter your stake. The slip shows what you could win.',
    'Tap Place bet. Your ticket appears under My bets.',
    'When the match ends, winnings go to your wallet.',
  ],
};

const clock = (seconds: number) => {
  const whole = Math.floor(seconds);
  return `${String(Math.floor(whole / 3600)).padStart(2, '0')}:${String(Math.floor(whole / 60) % 60).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}.000`;
};

/** WebVTT captions: the tutorial's lines spread evenly over the clip's length. */
export function tutorialCaptions(id: TutorialVideo, seconds: number): string {
  const lines = TUTORIAL_LINES[id];
  const each = seconds / lines.length;
  return `WEBVTT\n\n${lines.map((line, i) => `${i + 1}\n${clock(i * each)} --> ${clock((i + 1) * each)}\n${line}\n`).join('\n')}`;
}

export async function videoSimRoutes(app: FastifyInstance, options: { simulator: VideoSimulator; now: () => number }) {
  const { simulator, now } = options;

  app.get<{ Params: { file: string } }>(`${VIDEO_SIM_PREFIX}/captions/:file`, async (request, reply) => {
    const id = TUTORIAL_VIDEOS.find((one) => `${one}.vtt` === request.params.file);
    if (!id) return notFound(reply);
    return reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/vtt; charset=utf-8')
      .send(tutorialCaptions(id, SEGMENT_COUNT * SEGMENT_SECONDS));
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1_024 }, (_request, body, done) =>
    done(null, body),
  );

  app.get<{ Params: { token: string } }>(`${VIDEO_SIM_PREFIX}/play/:token/master.m3u8`, async (request, reply) => {
    const token = simulator.verify(request.params.token);
    if (!token) return notFound(reply);
    const stream = await simulator.media();
    return playlist(
      reply,
      masterPlaylist(stream.renditions, (index) => `${index}/index.m3u8`),
      false,
    );
  });

  app.get<{ Params: { token: string; rendition: string } }>(
    `${VIDEO_SIM_PREFIX}/play/:token/:rendition/index.m3u8`,
    async (request, reply) => {
      const token = simulator.verify(request.params.token);
      const stream = await simulator.media();
      const rendition = Number(request.params.rendition);
      if (!token || !Number.isInteger(rendition) || !stream.renditions[rendition]) return notFound(reply);
      const segment = (seq: number) => `${seq}.ts`;
      return token.m === 'live'
        ? playlist(reply, livePlaylist(now() - liveOrigin(token), stream, segment), true)
        : playlist(reply, vodPlaylist(stream, segment), false);
    },
  );

  app.get<{ Params: { token: string; rendition: string; seq: string } }>(
    `${VIDEO_SIM_PREFIX}/play/:token/:rendition/:seq`,
    async (request, reply) => {
      const token = simulator.verify(request.params.token);
      const stream = await simulator.media();
      const rendition = Number(request.params.rendition);
      const seq = /^(\d{1,12})\.ts$/.exec(request.params.seq)?.[1];
      if (!token || !seq || !Number.isInteger(rendition) || !stream.renditions[rendition]) return notFound(reply);
      if (token.m === 'vod' && Number(seq) >= stream.segmentCount) return notFound(reply);
      // A segment's bytes never change for its sequence number.
      return reply
        .header('Cache-Control', 'public, max-age=86400')
        .type('video/mp2t')
        .send(readSegment(stream, rendition, Number(seq)));
    },
  );

  const setMode = (provider: unknown, mode: unknown): boolean => {
    const name = VIDEO_PROVIDERS.find((p) => p === provider);
    const wanted = SOURCE_MODES.find((m) => m === mode);
    if (!name || !wanted) return false;
    simulator.setMode(name, wanted);
    app.log.info({ provider: name, mode: wanted }, 'video simulator: source switched');
    return true;
  };

  app.post(`${VIDEO_SIM_PREFIX}/switch`, async (request, reply) => {
    const body =
      typeof request.body === 'string'
        ? Object.fromEntries(new URLSearchParams(request.body))
        : ((request.body ?? {}) as Record<string, unknown>);
    if (!setMode(body['provider'], body['mode'])) {
      return reply
        .status(400)
        .type('text/plain')
        .send(`provider: ${VIDEO_PROVIDERS.join(' | ')}; mode: ${SOURCE_MODES.join(' | ')}`);
    }
    if (typeof request.body === 'string') return reply.redirect(VIDEO_SIM_PREFIX, 303);
    return reply.header('Cache-Control', 'no-store').send({ modes: simulator.allModes() });
  });

  app.get(VIDEO_SIM_PREFIX, async (_request, reply) => {
    const modes = simulator.allModes();
    const rows = (Object.entries(modes) as [VideoProviderName, SourceMode][])
      .map(
        ([provider, mode]) =>
          `<li><strong>${provider}</strong>: ${mode}<form method="post" action="${VIDEO_SIM_PREFIX}/switch"><input type="hidden" name="provider" value="${provider}"><select name="mode" aria-label="${provider} mode">${SOURCE_MODES.map(
            (m) => `<option${m === mode ? ' selected' : ''}>${m}</option>`,
          ).join('')}</select><button type="submit">Set</button></form></li>`,
      )
      .join('');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Streaming simulator · Panalo</title></head><body><main>
<h1>Streaming simulator</h1><p>Development only: this page does not exist in production. Each provider's lookups and streams can be made to fail: <em>lookup-down</em> (its API fails; the page retries, then moves on), <em>no-stream</em> (it says it has none), <em>dead-stream</em> (it answers a URL that does not play).</p>
<ul>${rows}</ul><p>Streams: ${escape(VIDEO_SIM_PREFIX)}/play/&lt;signed token&gt;/master.m3u8, three bitrates, a live window over a ${SEGMENT_COUNT * SEGMENT_SECONDS} s loop.</p></main></body></html>`;
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
}
