import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The streaming simulator's media: a short test stream encoded once with ffmpeg (Debian's package) in
 * several bitrates as HLS (H.264 + AAC in MPEG-TS segments), and the playlists that serve it as a live
 * stream that never ends (a sliding window over the loop, a discontinuity at each wrap) or as a clip
 * (VOD). Encoded at the first start into a cache folder (kept across starts, keyed by these settings),
 * written to a temporary folder and renamed into place, so two servers starting together never read a
 * half-written stream.
 */

export interface Rendition {
  name: string;
  width: number;
  height: number;
  /** Video bits per second (the audio adds AUDIO_BITRATE). */
  bitrate: number;
}

/** Three steps an adaptive player chooses between: a phone on 3G gets 240p, on Wi-Fi 480p. */
export const RENDITIONS: readonly Rendition[] = [
  { name: '240p', width: 426, height: 240, bitrate: 250_000 },
  { name: '360p', width: 640, height: 360, bitrate: 700_000 },
  { name: '480p', width: 854, height: 480, bitrate: 1_500_000 },
];

const AUDIO_BITRATE = 64_000;
export const SEGMENT_SECONDS = 2;
/** The loop: 6 segments of 2 s. */
export const SEGMENT_COUNT = 6;
/** Segments a live playlist lists (the newest complete ones). */
export const LIVE_WINDOW = 10;

const SETTINGS_KEY = createHash('sha1')
  .update(JSON.stringify({ RENDITIONS, SEGMENT_SECONDS, SEGMENT_COUNT, AUDIO_BITRATE, v: 2 }))
  .digest('hex')
  .slice(0, 12);

export interface TestStream {
  /** Folder holding r<n>/seg<i>.ts for each rendition n. */
  dir: string;
  renditions: readonly Rendition[];
  segmentCount: number;
  segmentSeconds: number;
}

/** The ffmpeg arguments that encode the loop into `out` (r0…r2/seg0…5.ts). `label`: draw each rendition's name on it. */
export function ffmpegArgs(out: string, label: boolean): string[] {
  const seconds = SEGMENT_SECONDS * SEGMENT_COUNT;
  const top = RENDITIONS[RENDITIONS.length - 1]!;
  const split = RENDITIONS.map((_, i) => `[s${i}]`).join('');
  const branches = RENDITIONS.map((r, i) => {
    const text = label
      ? `,drawtext=text='PANALO TEST ${r.name}':fontcolor=white:fontsize=${Math.round(r.height / 12)}:box=1:boxcolor=black@0.5:x=(w-tw)/2:y=h-th-${Math.round(r.height / 16)}`
      : '';
    return `[s${i}]scale=${r.width}:${r.height}${text}[v${i}]`;
  }).join(';');
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${top.width}x${top.height}:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:sample_rate=48000:duration=${seconds},volume=0.05`,
    '-filter_complex',
    `[0:v]split=${RENDITIONS.length}${split};${branches}`,
  ];
  RENDITIONS.forEach((_, i) => args.push('-map', `[v${i}]`, '-map', '1:a'));
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p');
  // One keyframe per segment, so every segment starts cleanly and a player may switch bitrate at each.
  args.push('-g', String(25 * SEGMENT_SECONDS), '-keyint_min', String(25 * SEGMENT_SECONDS), '-sc_threshold', '0');
  RENDITIONS.forEach((r, i) => {
    args.push(
      `-b:v:${i}`,
      String(r.bitrate),
      `-maxrate:v:${i}`,
      String(Math.round(r.bitrate * 1.1)),
      `-bufsize:v:${i}`,
      String(r.bitrate * 2),
    );
  });
  args.push('-c:a', 'aac', '-b:a', String(AUDIO_BITRATE), '-ac', '2');
  args.push('-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod');
  args.push('-hls_segment_filename', join(out, 'r%v', 'seg%d.ts'));
  args.push('-var_stream_map', RENDITIONS.map((_, i) => `v:${i},a:${i}`).join(' '));
  args.push(join(out, 'r%v', 'index.m3u8'));
  return args;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2_000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${stderr.trim()}`))));
  });
}

function complete(dir: string): boolean {
  return RENDITIONS.every((_, i) =>
    Array.from({ length: SEGMENT_COUNT }, (__, s) => join(dir, `r${i}`, `seg${s}.ts`)).every((file) => existsSync(file)),
  );
}

/**
 * The test stream under `cacheDir`, encoded on the first call if it is not there yet (a few seconds of
 * CPU). Rejects, saying what to install, when ffmpeg is missing.
 */
export async function ensureTestStream(cacheDir: string, ffmpeg = 'ffmpeg'): Promise<TestStream> {
  const dir = join(cacheDir, `test-stream-${SETTINGS_KEY}`);
  const stream = { dir, renditions: RENDITIONS, segmentCount: SEGMENT_COUNT, segmentSeconds: SEGMENT_SECONDS };
  if (existsSync(join(dir, 'ready')) && complete(dir)) return stream;
  mkdirSync(cacheDir, { recursive: true });
  const temp = join(cacheDir, `.encoding-${process.pid}-${randomBytes(4).toString('hex')}`);
  RENDITIONS.forEach((_, i) => mkdirSync(join(temp, `r${i}`), { recursive: true }));
  try {
    try {
      await run(ffmpeg, ffmpegArgs(temp, true));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error(`the streaming simulator needs ffmpeg: install Debian's package "ffmpeg" (apt-get install ffmpeg)`, {
          cause: error,
        });
      }
      // No font for the labels on this machine: the same stream without them.
      await run(ffmpeg, ffmpegArgs(temp, false));
    }
    if (!complete(temp)) throw new Error('ffmpeg did not write every segment of the test stream');
    writeFileSync(join(temp, 'ready'), new Date().toISOString());
    try {
      renameSync(temp, dir);
    } catch (error) {
      // Another server finished first: its copy is the same.
      if (!(existsSync(join(dir, 'ready')) && complete(dir))) throw error;
    }
    return stream;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** One segment's bytes (the loop's segment for sequence number `seq`). */
export function segmentFile(stream: TestStream, rendition: number, seq: number): string {
  return join(stream.dir, `r${rendition}`, `seg${seq % stream.segmentCount}.ts`);
}

export function readSegment(stream: TestStream, rendition: number, seq: number): Buffer {
  return readFileSync(segmentFile(stream, rendition, seq));
}

/** The master playlist: each rendition with its bandwidth, resolution and codecs, pointing at `variant(i)`. */
export function masterPlaylist(renditions: readonly Rendition[], variant: (index: number) => string): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  renditions.forEach((r, i) => {
    const bandwidth = Math.round((r.bitrate + AUDIO_BITRATE) * 1.1);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},AVERAGE-BANDWIDTH=${r.bitrate + AUDIO_BITRATE},RESOLUTION=${r.width}x${r.height},CODECS="avc1.4d401e,mp4a.40.2"`,
    );
    lines.push(variant(i));
  });
  return `${lines.join('\n')}\n`;
}

/**
 * A live playlist `nowMs` after the stream started: the LIVE_WINDOW newest complete segments of a stream
 * that loops for ever. Segment `seq` is the loop's segment seq mod count; each wrap is a
 * discontinuity (timestamps restart), counted by EXT-X-DISCONTINUITY-SEQUENCE for the segments that
 * left the window.
 */
export function livePlaylist(
  nowMs: number,
  stream: Pick<TestStream, 'segmentCount' | 'segmentSeconds'>,
  segment: (seq: number) => string,
): string {
  const segmentMs = stream.segmentSeconds * 1000;
  const last = Math.floor(nowMs / segmentMs) - 1;
  const first = Math.max(0, last - LIVE_WINDOW + 1);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${stream.segmentSeconds}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / stream.segmentCount)}`,
  ];
  for (let seq = first; seq <= last; seq++) {
    if (seq !== first && seq % stream.segmentCount === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${stream.segmentSeconds.toFixed(3)},`, segment(seq));
  }
  return `${lines.join('\n')}\n`;
}

/** A clip: the loop once, with its end. */
export function vodPlaylist(stream: Pick<TestStream, 'segmentCount' | 'segmentSeconds'>, segment: (seq: number) => string): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${stream.segmentSeconds}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ];
  for (let seq = 0; seq < stream.segmentCount; seq++) lines.push(`#EXTINF:${stream.segmentSeconds.toFixed(3)},`, segment(seq));
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
