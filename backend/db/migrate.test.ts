import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../tests/helpers/backend';
import { migrate, MigrationError, type Db } from './index';

function project(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-proj-'));
  for (const [rel, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), body);
  }
  return dir;
}

describe('migrate', () => {
  let db: Db;
  // A new database as initdb leaves it, loaded from the cached snapshot (PGlite's initdb costs
  // ~5 s of CPU each time).
  beforeEach(async () => {
    db = await emptyDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  it('applies migrations in ascending version once, then seeds only on a fresh database, on the seed day given', async () => {
    const dir = project({
      'migrations/default/20_second/up.sql': 'ALTER TABLE t ADD COLUMN b int;',
      'migrations/default/3_first/up.sql': 'CREATE TABLE t (a int);',
      'seeds/default/001_rows.sql': 'INSERT INTO t (a) VALUES (1), (2);',
      // What the demo seeds date everything from (tests/integration/demo-seeds.test.ts runs them
      // through applySeeds on a migrated snapshot, so the hand-over from migrate is proven here).
      'seeds/default/002_day.sql': "CREATE TABLE seeded_on AS SELECT current_setting('staydesk.seed_today', true) AS day;",
    });
    const first = await migrate(db, { projectDir: dir, applySeeds: true, seedToday: '2031-01-02' });
    expect(first.migrations).toEqual(['3_first', '20_second']);
    expect(first.seeds).toEqual(['001_rows.sql', '002_day.sql']);
    expect((await db.query('SELECT day FROM seeded_on')).rows).toEqual([{ day: '2031-01-02' }]);
    const again = await migrate(db, { projectDir: dir, applySeeds: true });
    expect(again).toMatchObject({ system: [], migrations: [], seeds: [], fresh: false });
    expect((await db.query('SELECT count(*)::int AS n FROM t')).rows[0]).toEqual({ n: 2 });
  });

  it('stops on a failing migration with its file and the Postgres error, leaving nothing half-applied', async () => {
    const dir = project({
      'migrations/default/1_ok/up.sql': 'CREATE TABLE ok (a int);',
      'migrations/default/2_bad/up.sql': 'CREATE TABLE half (a int); SELECT * FROM missing_table;',
    });
    const err = await migrate(db, { projectDir: dir, applySeeds: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MigrationError);
    expect((err as MigrationError).file).toContain('2_bad/up.sql');
    expect((err as MigrationError).pgMessage).toContain('missing_table');
    const half = await db.query("SELECT to_regclass('public.half') AS t");
    expect(half.rows[0]).toEqual({ t: null });
    const applied = await db.query<{ name: string }>('SELECT name FROM hdb_catalog.schema_migrations');
    expect(applied.rows.map((r) => r.name)).toEqual(['ok']);
  });
});
