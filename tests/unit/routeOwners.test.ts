// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_OWNERS } from '../../src/app/routes/meta';
import { ROUTES, type RouteDef } from '../../src/app/routes/table';

/** Owners whose feature folder arrives with a later release (partner apps, dev tools). */
const PLANNED = ['partner', 'dev'];

/** Route name → the feature folder its page is loaded from, read from src/app/routes/pages.tsx. */
function pageFolders(): Map<string, string> {
  const source = readFileSync('src/app/routes/pages.tsx', 'utf8');
  const folderOf = (expression: string) => /import\('\.\.\/\.\.\/features\/([^/]+)\//.exec(expression)?.[1];
  const shared = new Map<string, string | undefined>();
  for (const [, name = '', expression = ''] of source.matchAll(/^const (\w+) = (page\(.*\));$/gm)) shared.set(name, folderOf(expression));
  const folders = new Map<string, string>();
  for (const [, key = '', expression = ''] of source.matchAll(/^ {2}'?([\w-]+)'?: (.+),$/gm)) {
    const folder = folderOf(expression) ?? shared.get(expression);
    if (folder) folders.set(key, folder);
  }
  return folders;
}

describe('route owners', () => {
  it('are the feature folders (src/features/<owner>), or one a later release adds', () => {
    for (const owner of ROUTE_OWNERS) {
      expect({ owner, folder: existsSync(`src/features/${owner}`) || PLANNED.includes(owner) }).toEqual({ owner, folder: true });
    }
  });

  it('name the folder each built page comes from', () => {
    const owners = new Map((ROUTES as readonly RouteDef[]).map((route) => [route.name, route.owner]));
    const folders = pageFolders();
    expect(folders.size).toBeGreaterThan(20);
    for (const [name, folder] of folders) expect({ name, owner: owners.get(name) }).toEqual({ name, owner: folder });
  });
});
