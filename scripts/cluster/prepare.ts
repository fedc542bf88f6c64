/**
 * Before `npm run test:cluster`: Debian's PostgreSQL, RabbitMQ and HAProxy (installed with apt-get when
 * missing and this runs as root, otherwise stopping with the packages to install), and the build (dist/
 * and dist-server/, made with `npm run build` when missing: the instances run the built server, and the
 * tests drive the PWA in chromium through the balancer).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensurePackages } from './daemons';

try {
  ensurePackages();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!existsSync('dist/index.html') || !existsSync('dist-server/main.js')) {
  console.log('the build is missing: npm run build…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
