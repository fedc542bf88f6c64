import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';

/** What a zod schema's safeParse answers (any schema library with the same shape will do). */
type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: unknown } };

/**
 * An operator's JSON file in the data folder, edited without a deploy (site settings, news): written with
 * `seed` at the first start, read again whenever its modification time changes, and kept at its last good
 * content when an edit does not parse or validate (the error is logged, `what` naming the file).
 */
export function keptJsonFile<T>(options: {
  file: string;
  seed: unknown;
  initial: T;
  parse: (raw: unknown) => Parsed<T>;
  what: string;
  log: { error(obj: object, msg: string): void };
}): () => T {
  const { file, parse, what, log } = options;
  if (!existsSync(file)) writeFileSync(file, `${JSON.stringify(options.seed, null, 2)}\n`);
  let current = options.initial;
  let seenMtime = -1;
  return () => {
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return current;
    }
    if (mtime === seenMtime) return current;
    seenMtime = mtime;
    try {
      const parsed = parse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) current = parsed.data;
      else log.error({ file, issues: parsed.error.issues }, `${what} does not validate; keeping the last good content`);
    } catch (error) {
      log.error({ file, err: error }, `${what} is not valid JSON; keeping the last good content`);
    }
    return current;
  };
}
