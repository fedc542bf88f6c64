// The streaming simulator (server/providers/video) encodes its test stream with Debian's ffmpeg. This
// finds it, installs it with apt-get when missing and allowed (root), or stops with the package to
// install. The integration and browser tests run it first, as they run ensure-chromium.mjs.
import { spawnSync } from 'node:child_process';

const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const found = () => spawnSync(FFMPEG, ['-version'], { stdio: 'ignore' }).status === 0;

if (found()) process.exit(0);

if (
  process.platform === 'linux' &&
  typeof process.getuid === 'function' &&
  process.getuid() === 0 &&
  spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0
) {
  console.log("ffmpeg is missing: installing Debian's ffmpeg package (about a minute)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'ffmpeg']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${result.status}).`);
      process.exit(1);
    }
  }
  if (found()) process.exit(0);
}

console.error(
  'The streaming simulator needs ffmpeg (to encode its test stream once).\n' +
    'Install Debian\'s package "ffmpeg" (sudo apt-get install ffmpeg).',
);
process.exit(1);
