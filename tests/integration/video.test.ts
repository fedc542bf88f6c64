import type { TutorialVideoAnswer } from '../../src/contract/answers/video';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers } from '../../server/db/schema';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../server/modules/site/settings';
import { LIVE_WINDOW } from '../../server/providers/video/hls';
import type { SourceMode } from '../../server/providers/video/simulator';
import type { Match } from '../../src/contract/feed';
import { SportTypeId, isLiveEvent } from '../../src/contract/sports';
import type { HighlightClip, LiveStream, VideoProviderName, VideoSource } from '../../src/contract/video';
import { call, quickCustomer } from './player';
import { type TestServer, startServer } from './server';

/**
 * Match video (issue 37, spec §4 "Video", §7 lookups): a match's sources in the settings' priority,
 * only the providers that stream its sport and, gray-listed, only for the gray users; the three
 * lookups answering signed HLS of the streaming simulator in three bitrates, a live window that moves
 * with time and segments that are MPEG-TS; a provider switched to fail answers 'try again' or 'video
 * not found' or a URL that does not play; and the week's highlights as clips.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  // The simulator encodes its stream once (shared by the test servers); wait for it here, not in a test.
  await server.app.videoProvider.simulator!.media();
}, 180_000);

afterAll(async () => {
  await server.close();
});

function writeSettings(change: (settings: SiteSettings) => void) {
  const settings = structuredClone(DEFAULT_SITE_SETTINGS);
  change(settings);
  writeFileSync(join(server.config.dataDir, 'site.json'), JSON.stringify(settings));
}

function setMode(provider: VideoProviderName, mode: SourceMode) {
  server.app.videoProvider.simulator!.setMode(provider, mode);
}

beforeEach(() => {
  writeSettings(() => undefined);
  for (const provider of ['nami', 'sportradar', 'saba'] as const) setMode(provider, 'ok');
});

/** Live matches of the feed with video, with the providers their fields name. */
function liveWithVideo(): Match[] {
  const feed = server.app.feed;
  return feed
    .sportCounts()
    .flatMap((count) => feed.listSnapshot(count.sportTypeId as SportTypeId, 'live').matches)
    .filter((match) => match.video && isLiveEvent(match));
}

/** A live football match: Nami, Sportradar and Saba all stream football by default. */
function liveFootball(): Match {
  for (let i = 0; i < 40; i++) {
    const match = liveWithVideo().find((m) => m.sportTypeId === SportTypeId.Football);
    if (match) return match;
    server.app.feed.step(10_000);
  }
  throw new Error('no live football match with video in the test feed');
}

async function sourcesOf(matchId: string, token?: string) {
  const answer = await call<{ sources: VideoSource[]; attempts: number }>(
    server,
    'tp',
    'saba/matchStreams',
    { matchId },
    token ? { token } : {},
  );
  expect(answer.code).toBe('0');
  return answer.data;
}

const LOOKUP = { nami: 'saba/getNamiStreamUrl', sportradar: 'saba/getSportradarStreamUrl', saba: 'saba/getSabaStreamUrl' } as const;

function lookup(source: VideoSource, token?: string) {
  return call<{ url: string; provider: string }>(server, 'tp', LOOKUP[source.provider], source.params, token ? { token } : {});
}

const text = async (path: string) => {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
};

describe('a match’s video sources', () => {
  it('lists a live match’s sources in the priority of the settings, with 3 attempts per lookup when there are several', async () => {
    const match = liveFootball();
    const { sources, attempts } = await sourcesOf(match.matchId);
    expect(sources.map((s) => s.provider)).toEqual(['nami', 'sportradar', 'saba']);
    expect(attempts).toBe(3);
    // The spec's fields of each lookup.
    expect(sources[0]!.params).toEqual({ sportTypeId: '1', namiId: match.video!.namiId });
    expect(sources[1]!.params).toEqual({ streamId: match.video!.streamsId });
    expect(sources[2]!.params).toEqual({
      streamingOption: match.video!.streamingOption,
      channelCode: match.video!.channelCode,
      sportTypeId: '1',
      seamless: true,
    });

    writeSettings((s) => void (s.video.priority = ['saba', 'nami', 'sportradar']));
    expect((await sourcesOf(match.matchId)).sources.map((s) => s.provider)).toEqual(['saba', 'nami', 'sportradar']);
  });

  it('offers a provider only for the sports it streams; a lone source gets more attempts; its lookup is refused elsewhere', async () => {
    const match = liveFootball();
    writeSettings((s) => {
      s.video.sports.nami = ['2'];
      s.video.sports.sportradar = ['2'];
    });
    const { sources, attempts } = await sourcesOf(match.matchId);
    expect(sources.map((s) => s.provider)).toEqual(['saba']);
    expect(attempts).toBe(6);
    const nami = await lookup({ provider: 'nami', params: { sportTypeId: '1', namiId: match.video!.namiId } });
    expect(nami.code).toBe('GW_800701');
    expect(nami.message).toBe('video not found');
  });

  it('offers a gray-listed provider only to the gray users', async () => {
    const match = liveFootball();
    const gray = await quickCustomer(server);
    const [row] = await server.database.db
      .select({ loginName: customers.loginName })
      .from(customers)
      .where(eq(customers.id, gray.customerId));
    writeSettings((s) => {
      s.games.grayPlatforms = ['SPORTRADAR'];
      s.games.grayUsers = [row!.loginName];
    });
    const other = await quickCustomer(server);
    expect((await sourcesOf(match.matchId)).sources.map((s) => s.provider)).toEqual(['nami', 'saba']);
    expect((await sourcesOf(match.matchId, other.token)).sources.map((s) => s.provider)).toEqual(['nami', 'saba']);
    expect((await sourcesOf(match.matchId, gray.token)).sources.map((s) => s.provider)).toEqual(['nami', 'sportradar', 'saba']);
    const source = { provider: 'sportradar', params: { streamId: match.video!.streamsId } } as const;
    expect((await lookup(source, other.token)).code).toBe('GW_800701');
    expect((await lookup(source, gray.token)).code).toBe('0');
  });

  it('has no sources before kick-off (the stream opens with the match)', async () => {
    const feed = server.app.feed;
    const early = feed
      .sportCounts()
      .flatMap((count) => feed.listSnapshot(count.sportTypeId as SportTypeId, 'early').matches)
      .find((m) => m.video);
    expect(early).toBeDefined();
    expect(await sourcesOf(early!.matchId)).toEqual({ sources: [], attempts: 1 });
  });
});

describe('the streaming simulator’s HLS', () => {
  it('answers every lookup with a signed master playlist of three bitrates, a live window that moves and MPEG-TS segments', async () => {
    const match = liveFootball();
    const { sources } = await sourcesOf(match.matchId);
    for (const source of sources) {
      const answer = await lookup(source);
      expect(answer.code).toBe('0');
      expect(answer.data.provider).toBe(source.provider);
      expect(answer.data.url).toMatch(/^\/sim\/video\/play\/[a-z]+~live~[0-9a-z]+~[\w.-]+~[\w-]{22}\/master\.m3u8$/);
    }
    const { url } = (await lookup(sources[0]!)).data;
    const master = await text(url);
    expect(master.status).toBe(200);
    expect(master.type).toContain('application/vnd.apple.mpegurl');
    const bandwidths = [...master.body.matchAll(/:BANDWIDTH=(\d+),/g)].map((m) => Number(m[1]));
    expect(bandwidths).toHaveLength(3);
    expect(bandwidths).toEqual([...bandwidths].sort((a, b) => a - b));
    expect(master.body).toContain('RESOLUTION=426x240');
    expect(master.body).toContain('RESOLUTION=854x480');

    const variant = url.replace('master.m3u8', '0/index.m3u8');
    const first = await text(variant);
    expect(first.body).not.toContain('#EXT-X-ENDLIST');
    const segments = first.body.split('\n').filter((line) => line.endsWith('.ts'));
    expect(segments).toHaveLength(LIVE_WINDOW);
    const sequence = (body: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(body)![1]);
    // A stream starts when its URL is handed out: its numbers are small, as a real stream's (hls.js walks
    // its discontinuities by number at each playlist load, so numbers near 10⁸ froze the page).
    expect(sequence(first.body)).toBeLessThan(10);
    expect(Number(/#EXT-X-DISCONTINUITY-SEQUENCE:(\d+)/.exec(first.body)![1])).toBeLessThan(2);
    // Two seconds later the window has moved on by a segment.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const later = await text(variant);
    expect(sequence(later.body)).toBeGreaterThan(sequence(first.body));

    const segment = await fetch(`${server.url}${url.replace('master.m3u8', `0/${segments[0]}`)}`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    const bytes = new Uint8Array(await segment.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(188 * 10);
    // MPEG-TS: a sync byte every 188 bytes.
    for (let at = 0; at < 188 * 10; at += 188) expect(bytes[at]).toBe(0x47);
    // The higher bitrates carry more bytes for the same two seconds.
    const top = await fetch(`${server.url}${url.replace('master.m3u8', `2/${segments[0]}`)}`);
    expect((await top.arrayBuffer()).byteLength).toBeGreaterThan(bytes.length);
  });

  it('refuses a URL whose signature was changed', async () => {
    const match = liveFootball();
    const { url } = (await lookup((await sourcesOf(match.matchId)).sources[0]!)).data;
    const forged = url.replace(/~([\w-]{22})\//, (_, sig: string) => `~${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}/`);
    expect((await text(forged)).status).toBe(404);
  });

  it('makes a source fail as real ones do: its API down, no stream, or a stream that does not play', async () => {
    const match = liveFootball();
    const { sources } = await sourcesOf(match.matchId);
    const nami = sources.find((s) => s.provider === 'nami')!;

    setMode('nami', 'lookup-down');
    const down = await lookup(nami);
    expect(down.code).toBe('GW_800702');
    expect(down.status).toBe(503);

    setMode('nami', 'no-stream');
    expect((await lookup(nami)).code).toBe('GW_800701');

    setMode('nami', 'ok');
    const { url } = (await lookup(nami)).data;
    expect((await text(url)).status).toBe(200);
    setMode('nami', 'dead-stream');
    expect((await text(url)).status).toBe(404);
    // The next source still plays.
    const sportradar = (await lookup(sources.find((s) => s.provider === 'sportradar')!)).data.url;
    expect((await text(sportradar)).status).toBe(200);
  });

  it('switches a source over HTTP for the browser tests', async () => {
    const response = await fetch(`${server.url}/sim/video/switch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'saba', mode: 'dead-stream' }),
    });
    expect(response.status).toBe(200);
    expect(server.app.videoProvider.simulator!.mode('saba')).toBe('dead-stream');
    const bad = await fetch(`${server.url}/sim/video/switch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'youtube', mode: 'ok' }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('live streams and highlights', () => {
  it('lists the matches that can be watched, live first, with their providers', async () => {
    const match = liveFootball();
    const { data } = await call<{ streams: LiveStream[] }>(server, 'tp', 'saba/liveStreams');
    const listed = data.streams.find((s) => s.matchId === match.matchId);
    expect(listed).toMatchObject({ state: 'live', providers: ['nami', 'sportradar', 'saba'], homeName: match.homeName });
    const states = data.streams.map((s) => s.state);
    expect(states).toEqual([...states].sort((a, b) => (a === b ? 0 : a === 'live' ? -1 : 1)));
    // Cignal carries the Philippine competitions on the Saba channel.
    for (const stream of data.streams)
      expect(stream.cignal).toBe(/Philippine/.test(stream.leagueName) && stream.providers.includes('saba'));
  });

  it('cuts highlights of live matches so far and of finished ones, each playable as a clip', async () => {
    const feed = server.app.feed;
    const match = liveFootball();
    feed.step(5_000);
    const before = await call<{ clips: HighlightClip[]; weekEndsAt: string }>(server, 'tp', 'saba/highlights');
    expect(Date.parse(before.data.weekEndsAt)).toBeGreaterThan(Date.now());
    expect(before.data.clips.some((c) => c.state === 'live')).toBe(true);

    expect(feed.finishNow(match.matchId)).toBe(true);
    // Results reach their listeners once the feed has stored them.
    await feed.idle();
    const after = await call<{ clips: HighlightClip[] }>(server, 'tp', 'saba/highlights');
    const final = after.data.clips.find((c) => c.matchId === match.matchId && c.state === 'final');
    expect(final).toMatchObject({ homeName: match.homeName, awayName: match.awayName, durationSeconds: 12 });

    const clip = await call<{ url: string }>(server, 'tp', 'saba/getHighlightUrl', { clipId: final!.clipId });
    const vodUrl = clip.data.url.replace('master.m3u8', '1/index.m3u8');
    const vod = await text(vodUrl);
    expect(vod.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(vod.body).toContain('#EXT-X-ENDLIST');
    expect(vod.body.split('\n').filter((l) => l.endsWith('.ts'))).toHaveLength(6);
    expect((await call(server, 'tp', 'saba/getHighlightUrl', { clipId: 'nothing' })).code).toBe('GW_800701');
  });

  it('plays /teach’s tutorial as a whole clip with its captions, to a visitor, and has no tutorial it does not know', async () => {
    const answer = await call<TutorialVideoAnswer>(server, 'main', 'video/tutorial', { id: 'how-to-bet' });
    expect(answer.code, answer.message).toBe('0000');
    const master = await text(answer.data.url);
    expect(master.status).toBe(200);
    expect(master.body.split('\n').filter((l) => l.endsWith('.m3u8')).length).toBeGreaterThan(1);
    const vod = await text(answer.data.url.replace('master.m3u8', '1/index.m3u8'));
    expect(vod.body).toContain('#EXT-X-ENDLIST');
    const captions = await fetch(`${server.url}${answer.data.captions}`);
    expect(captions.status).toBe(200);
    expect(captions.headers.get('content-type')).toContain('text/vtt');
    const vtt = await captions.text();
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(vtt).toContain('00:00:00.000 --> ');
    expect(vtt).toContain('Tap the price of the outcome you pick');
    expect((await call(server, 'main', 'video/tutorial', { id: 'how-to-cheat' })).code).not.toBe('0000');
    expect((await fetch(`${server.url}/sim/video/captions/how-to-cheat.vtt`)).status).toBe(404);
  });

  it('has a test stream for /video_test', async () => {
    const answer = await call<{ url: string }>(server, 'tp', 'saba/testStream');
    expect(answer.code).toBe('0');
    expect((await text(answer.data.url)).status).toBe(200);
  });
});
