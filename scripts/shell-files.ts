import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The app shell of a build: index.html's entry chunk and the chunks and CSS it imports statically, read
 * from Vite's build manifest. The service worker precaches exactly these; the bench measures them.
 */
export function shellFiles(outDir: string, alsoLoaded: readonly string[] = []): Set<string> {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const key of alsoLoaded) visit(key);
  return files;
}

/**
 * What every page loads just after its first paint (src/app/Shell.tsx: the watchers and the English of
 * the other areas): not part of the first download, but precached with the shell so that a page opened
 * offline has its words.
 */
export const AFTER_FIRST_PAINT = ['src/app/Watchers.tsx', 'src/i18n/en.areas.ts'] as const;
