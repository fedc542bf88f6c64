import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db';
import { seed } from '../../server/plugins/seed';
import { PlayerEvents } from '../../server/realtime/bus';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and seeded PGlite data directory, as a tar file each test file loads (no initdb per file). */
    pgliteTemplate: string;
    /** With DATABASE_URL: the name of the migrated and seeded template database. */
    postgresTemplate: string;
  }
}

/**
 * One database template for the whole integration run: initdb, migrations and the seed happen once;
 * each test file starts from a copy (PGlite: loadDataDir; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env['DATABASE_URL'];
  if (url) {
    const name = `panalo_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    const handle = await openDatabase({ url: templateUrl.toString() });
    await seed(handle.db, new PlayerEvents(), { demo: true });
    await handle.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'panalo-template-'));
  const pglite = await PGlite.create();
  const handle = await openDatabase({ pglite });
  await seed(handle.db, new PlayerEvents(), { demo: true });
  const dump = await pglite.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}
