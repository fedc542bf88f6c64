import { execFileSync } from 'node:child_process';

/** The measured checkout: its branch and commit, marked when it has uncommitted changes (for a bench's header). */
export function gitDescribe(): string {
  try {
    const rev = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const branch = execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim()
      ? ' (uncommitted changes)'
      : '';
    return `${branch} ${rev}${dirty}`;
  } catch {
    return 'not a git checkout';
  }
}
