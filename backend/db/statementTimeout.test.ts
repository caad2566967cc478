// The statement timeout (DATABASE_STATEMENT_TIMEOUT_MS): a statement that would run for ever is
// cancelled with 57014 on a server Postgres, the session and the pool stay usable, migrations are
// never cut off, and a GraphQL query that times out answers Hasura's error. On PGlite the setting
// is applied but cannot preempt a statement (pinned below, so a PGlite that learns to will be noticed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../tests/helpers/backend';
import { startTempPostgres, type TempPostgres } from '../../tests/helpers/postgres';
import { Executor } from '../graphql/execute';
import { engineOptions, loadModel } from '../graphql/index';
import type { EngineSession } from '../graphql/types';
import { DEFAULT_STATEMENT_TIMEOUT_MS, QUERY_CANCELED, migrate, openDb, statementTimeoutFromEnv, type Db } from '.';

const TIMEOUT_MS = 300;
/** How late a cancellation may come on a busy 2-core CI machine. */
const MARGIN_MS = 2500;
const FIXTURE_PROJECT = path.join(__dirname, '..', 'graphql', '__fixtures__', 'project');
const admin: EngineSession = { role: 'admin', variables: { 'x-hasura-role': 'admin' }, isAdmin: true };

function project(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-proj-'));
  for (const [rel, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), body);
  }
  return dir;
}

/** Runs fn, expecting a rejection; returns the error and the elapsed time. */
async function failure(fn: () => Promise<unknown>): Promise<{ error: { code?: string; message: string }; ms: number }> {
  const t = Date.now();
  try {
    await fn();
  } catch (error) {
    return { error: error as { code?: string; message: string }, ms: Date.now() - t };
  }
  throw new Error('expected the statement to fail');
}

describe('DATABASE_STATEMENT_TIMEOUT_MS', () => {
  it('defaults to a few seconds, 0 turns it off, nonsense is refused', () => {
    expect(statementTimeoutFromEnv({})).toBe(DEFAULT_STATEMENT_TIMEOUT_MS);
    expect(DEFAULT_STATEMENT_TIMEOUT_MS).toBe(5000);
    expect(statementTimeoutFromEnv({ DATABASE_STATEMENT_TIMEOUT_MS: '' })).toBe(5000);
    expect(statementTimeoutFromEnv({ DATABASE_STATEMENT_TIMEOUT_MS: '1500' })).toBe(1500);
    expect(statementTimeoutFromEnv({ DATABASE_STATEMENT_TIMEOUT_MS: '0' })).toBe(0);
    for (const bad of ['-1', '1.5', 'five', '99999999999']) {
      expect(() => statementTimeoutFromEnv({ DATABASE_STATEMENT_TIMEOUT_MS: bad })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
    }
  });
});

describe('statement timeout on a server Postgres', () => {
  let server: TempPostgres | null;
  let url: string;
  let db: Db;
  beforeAll(async () => {
    server = await startTempPostgres();
    if (!server) throw new Error('PostgreSQL server binaries not found: install Debian postgresql (.ci/run does)');
    url = await server.createDatabase('statement_timeout');
    db = await openDb({ databaseUrl: url, statementTimeoutMs: TIMEOUT_MS });
  });
  afterAll(async () => {
    await db?.close();
    server?.stop();
  });

  it('every pooled connection carries the timeout', async () => {
    expect(db.statementTimeoutMs).toBe(TIMEOUT_MS);
    const shown = await Promise.all(Array.from({ length: 4 }, () => db.transaction((tx) => tx.query<{ statement_timeout: string }>('SHOW statement_timeout'))));
    expect(shown.map((r) => r.rows[0].statement_timeout)).toEqual(Array(4).fill(`${TIMEOUT_MS}ms`));
  });

  it('cancels pg_sleep and a CPU-bound statement within the timeout, and the pool keeps working', async () => {
    const sleep = await failure(() => db.query('SELECT pg_sleep(30)'));
    expect(sleep.error.code).toBe(QUERY_CANCELED);
    expect(sleep.error.message).toBe('canceling statement due to statement timeout');
    expect(sleep.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(sleep.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);

    const cpu = await failure(() => db.query('SELECT count(*) FROM generate_series(1, 10000000000)'));
    expect(cpu.error.code).toBe(QUERY_CANCELED);
    expect(cpu.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);

    const prepared = await failure(() => db.queryPrepared!('SELECT pg_sleep($1::float8)', [30]));
    expect(prepared.error.code).toBe(QUERY_CANCELED);
    expect(prepared.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);

    // Under the limit, work goes on, on every connection of the pool.
    const ok = await Promise.all(Array.from({ length: 12 }, (_, i) => db.query<{ n: number }>('SELECT $1::int AS n, pg_sleep(0.02)', [i])));
    expect(ok.map((r) => r.rows[0].n)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect((await db.queryPrepared!<{ n: number }>('SELECT $1::int + 1 AS n', [1])).rows).toEqual([{ n: 2 }]);
  });

  it('a timed-out statement rolls its transaction back; the next transaction works', async () => {
    await db.exec('CREATE TABLE IF NOT EXISTS marks (n int)');
    const r = await failure(() =>
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO marks VALUES (1)');
        await tx.query('SELECT pg_sleep(30)');
      }),
    );
    expect(r.error.code).toBe(QUERY_CANCELED);
    expect(r.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    expect((await db.query('SELECT * FROM marks')).rows).toEqual([]);
    await db.transaction((tx) => tx.query('INSERT INTO marks VALUES (2)'));
    expect((await db.query('SELECT n FROM marks')).rows).toEqual([{ n: 2 }]);
  });

  it('migrations and seeds are not cut off, and the timeout is back afterwards', async () => {
    const dir = project({
      'migrations/default/1_slow/up.sql': 'CREATE TABLE slow_t (a int); SELECT pg_sleep(0.8);',
      'seeds/default/001_slow.sql': 'SELECT pg_sleep(0.8); INSERT INTO slow_t VALUES (1);',
    });
    const fresh = await openDb({ databaseUrl: await server!.createDatabase('statement_timeout_migrate'), statementTimeoutMs: TIMEOUT_MS });
    try {
      const report = await migrate(fresh, { projectDir: dir, applySeeds: true });
      expect(report.migrations).toEqual(['1_slow']);
      expect(report.seeds).toEqual(['001_slow.sql']);
      expect((await fresh.query('SELECT a FROM slow_t')).rows).toEqual([{ a: 1 }]);
      const after = await fresh.transaction((tx) => tx.query<{ statement_timeout: string }>('SHOW statement_timeout'));
      expect(after.rows[0].statement_timeout).toBe(`${TIMEOUT_MS}ms`);
      expect((await failure(() => fresh.query('SELECT pg_sleep(30)'))).error.code).toBe(QUERY_CANCELED);
    } finally {
      await fresh.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a GraphQL query or mutation that times out answers Hasura\'s error, and the next one runs', async () => {
    const gqlUrl = await server!.createDatabase('statement_timeout_graphql');
    // Schema and model with the default timeout; the engine then runs on a handle with a short one.
    const setup = await openDb({ databaseUrl: gqlUrl });
    const limited = await openDb({ databaseUrl: gqlUrl, statementTimeoutMs: TIMEOUT_MS });
    try {
      await migrate(setup, { projectDir: FIXTURE_PROJECT, applySeeds: false });
      const ex = new Executor(await loadModel(setup, FIXTURE_PROJECT, engineOptions({ NODE_ENV: 'test' })), limited);
      const query = { query: '{ articles(order_by: {id: asc}, limit: 1) { id } }' };
      const mutation = { query: 'mutation { insert_comments_one(object: {article_id: 1, text: "late"}) { id } }' };
      const before = JSON.parse(await ex.run(admin, query));
      expect(before.data.articles).toHaveLength(1);

      // Another session holds the tables: the engine's statements wait on the lock until the timeout cancels them.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = setup.transaction(async (tx) => {
        await tx.exec('SET LOCAL statement_timeout = 0; LOCK TABLE public.articles, public.comments IN ACCESS EXCLUSIVE MODE');
        locked();
        await held;
      });
      await isLocked;
      try {
        for (const request of [query, mutation]) {
          const t = Date.now();
          const answer = JSON.parse(await ex.run(admin, request));
          expect(Date.now() - t).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
          // What Hasura answers for a statement the database cancelled (its dmlTxErrorHandler does not
          // expect class 57 errors, so they become internalError "database query error").
          expect(answer).toEqual({ errors: [{ message: 'database query error', extensions: { path: expect.any(String), code: 'unexpected' } }] });
          expect(answer.data).toBeUndefined();
        }
      } finally {
        release();
        await holder;
      }
      expect(JSON.parse(await ex.run(admin, query))).toEqual(before);
      const inserted = JSON.parse(await ex.run(admin, mutation));
      expect(inserted.data.insert_comments_one.id).toBeDefined();
    } finally {
      await limited.close();
      await setup.close();
    }
  });
});

describe('statement timeout on PGlite', () => {
  let db: Db;
  beforeAll(async () => {
    db = await emptyDatabase({ statementTimeoutMs: TIMEOUT_MS });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('the session reports the configured timeout', async () => {
    expect(db.statementTimeoutMs).toBe(TIMEOUT_MS);
    expect((await db.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows).toEqual([{ statement_timeout: `${TIMEOUT_MS}ms` }]);
    const off = await emptyDatabase({ statementTimeoutMs: 0 });
    try {
      expect((await off.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows).toEqual([{ statement_timeout: '0' }]);
    } finally {
      await off.close();
    }
  });

  it('migrations lift it and the session gets it back', async () => {
    const dir = project({ 'migrations/default/1_t/up.sql': 'SHOW statement_timeout; CREATE TABLE t (a int);' });
    try {
      await migrate(db, { projectDir: dir, applySeeds: false });
      expect((await db.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows).toEqual([{ statement_timeout: `${TIMEOUT_MS}ms` }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never cancels a later statement after a slow or a failed one (no stray timer)', async () => {
    await db.query('SELECT pg_sleep(0.4)');
    await expect(db.query('SELECT 1/0')).rejects.toMatchObject({ code: '22012' });
    await new Promise((r) => setTimeout(r, TIMEOUT_MS + 100));
    expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    expect((await db.transaction((tx) => tx.query<{ n: number }>('SELECT 2 AS n'))).rows).toEqual([{ n: 2 }]);
  });

  it('cannot preempt a running statement (known PGlite limitation; update limits.ts when this fails)', async () => {
    const t = Date.now();
    await db.query('SELECT pg_sleep(0.8)');
    expect(Date.now() - t).toBeGreaterThanOrEqual(750);
  });
});
