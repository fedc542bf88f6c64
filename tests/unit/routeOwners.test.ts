// @vitest-environment node
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_OWNERS } from '../../src/app/routes/meta';
import { ROUTES, type RouteDef } from '../../src/app/routes/table';

/** Owners whose feature folder arrives with a later release. */
const PLANNED: string[] = [];

/** Route name → the feature folder its page is loaded from, as its declaration imports it (src/app/routes/owners, table.gen.ts). */
function pageFolders(): Map<string, string> {
  const folders = new Map<string, string>();
  for (const route of ROUTES as readonly RouteDef[]) {
    const folder = /^src\/features\/([^/]+)\//.exec(route.page ?? '')?.[1];
    if (folder) folders.set(route.name, folder);
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
