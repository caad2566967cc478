// The optional prepared-statement path of both drivers (used by the GraphQL engine for the
// statements it runs again and again): same answers and errors as `query`, and it keeps out of
// other callers' transactions. Runs on PGlite and on a throwaway server Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../tests/helpers/backend';
import { startTempPostgres, type TempPostgres } from '../../tests/helpers/postgres';
import { openDb, type Db } from '.';
import { isPgError } from './types';

let server: TempPostgres | null = null;

afterAll(() => server?.stop());

const drivers: { name: string; open: () => Promise<Db> }[] = [
  // As initdb leaves it, from the cached snapshot instead of PGlite's initdb (~5 s of CPU).
  { name: 'PGlite', open: () => emptyDatabase() },
  {
    name: 'server Postgres',
    open: async () => {
      server ??= await startTempPostgres();
      if (!server) throw new Error('PostgreSQL server binaries not found: install Debian postgresql (.ci/run does)');
      return openDb({ databaseUrl: await server.createDatabase('prepared_statements') });
    },
  },
];

describe.each(drivers)('$name prepared statements', ({ open }) => {
  let db: Db;
  let prepared: NonNullable<Db['queryPrepared']>;

  beforeAll(async () => {
    db = await open();
    if (!db.queryPrepared) throw new Error(`${db.kind} should offer queryPrepared`);
    prepared = db.queryPrepared.bind(db);
    await db.exec(`CREATE TABLE notes (id uuid PRIMARY KEY, body text, amount numeric, n bigint)`);
    await db.exec(`INSERT INTO notes VALUES ('00000000-0000-0000-0000-000000000001', 'first', 12.50, 9007199254740993)`);
  });

  afterAll(async () => {
    await db.close();
  });

    it('answers like query, with new parameters on every run and numeric/bigint as strings', async () => {
      const sql = 'SELECT id, body, amount, n, $2::text AS echo FROM notes WHERE id = $1::uuid';
      const viaQuery = await db.query(sql, ['00000000-0000-0000-0000-000000000001', 'a']);
      expect(await prepared(sql, ['00000000-0000-0000-0000-000000000001', 'a'])).toEqual(viaQuery);
      expect((await prepared(sql, ['00000000-0000-0000-0000-000000000001', 'b'])).rows).toEqual([
        { id: '00000000-0000-0000-0000-000000000001', body: 'first', amount: '12.50', n: '9007199254740993', echo: 'b' },
      ]);
      expect((await prepared(sql, ['00000000-0000-0000-0000-000000000002', null])).rows).toEqual([]);
    });

    it('reports bad parameters and bad SQL as Postgres errors and keeps working afterwards', async () => {
      const sql = 'SELECT body FROM notes WHERE id = $1::uuid';
      const bad = await prepared(sql, ['not-a-uuid']).catch((e: unknown) => e);
      expect(isPgError(bad) && bad.code).toBe('22P02');
      const syntax = await prepared('SELEC nothing', []).catch((e: unknown) => e);
      expect(isPgError(syntax) && syntax.code).toBe('42601');
      expect((await prepared(sql, ['00000000-0000-0000-0000-000000000001'])).rows).toEqual([{ body: 'first' }]);
    });

    it('waits for another caller\'s transaction instead of running inside it', async () => {
      let inserted!: () => void;
      const insertedP = new Promise<void>((r) => (inserted = r));
      let release!: () => void;
      const releaseP = new Promise<void>((r) => (release = r));
      const tx = db.transaction(async (q) => {
        await q.query(`INSERT INTO notes (id, body) VALUES ('00000000-0000-0000-0000-000000000003', 'uncommitted')`);
        inserted();
        await releaseP;
        await q.query('SELECT 1/0');
      }).catch(() => 'rolled back');
      await insertedP;
      const count = prepared<{ c: string }>(`SELECT count(*)::text AS c FROM notes WHERE body = $1`, ['uncommitted']);
      release();
      expect(await tx).toBe('rolled back');
      expect((await count).rows).toEqual([{ c: '0' }]);
    });

    it('runs as a named statement on the session (parsed once, then only bound)', async () => {
      const sql = 'SELECT name, statement FROM pg_prepared_statements WHERE statement = $1';
      const first = await prepared<{ name: string }>(sql, [sql]);
      expect(first.rows).toHaveLength(1);
      expect(first.rows[0].name).toMatch(/^staydesk_/);
      expect((await prepared<{ name: string }>(sql, [sql])).rows.map((r) => r.name)).toEqual([first.rows[0].name]);
    });

    it('keeps a bounded number of statements and re-prepares one that was closed', async () => {
      for (let i = 0; i < 520; i++) expect((await prepared(`SELECT $1::int + ${i} AS v`, [1])).rows).toEqual([{ v: 1 + i }]);
      expect((await prepared('SELECT $1::int + 0 AS v', [5])).rows).toEqual([{ v: 5 }]);
    });
});
