// The browser tests drive Debian's chromium (never a downloaded browser). This finds it, installs it
// with apt-get when missing and allowed (root), or stops with the package to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

if (process.platform === 'linux' && typeof process.getuid === 'function' && process.getuid() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package (about 30 s, 480 MB)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${result.status}).`);
      process.exit(1);
    }
  }
  if (existsSync(CHROMIUM)) process.exit(0);
}

console.error(
  `The browser tests need Chromium at ${CHROMIUM}.\n` +
    `Install Debian's package "chromium" (sudo apt-get install chromium), or set CHROMIUM_PATH to a Chromium binary.`,
);
process.exit(1);
