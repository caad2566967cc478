// Live-query multiplexing on the real compiler and PGlite: subscriptions with the same query text
// but other variables or sessions run as one statement per interval, each subscriber still gets
// exactly its own result, and one subscriber's bad values do not break the others. On PGlite
// (prepared statements) and on a throwaway server Postgres.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../../../tests/helpers/postgres';
import { openDb, type Db } from '../../db';
import { emptyDatabase } from '../../../tests/helpers/backend';
import { readCatalog } from '../catalog';
import { Executor } from '../execute';
import type { Metadata } from '../metadata';
import { buildModel } from '../model';
import type { EngineSession, PreparedSubscription } from '../types';
import { LiveQueryHub } from './liveQueries';
import { sleep } from './__fixtures__/wsTestKit';

const ALICE = '11111111-1111-1111-1111-111111111111';
const BOB = '22222222-2222-2222-2222-222222222222';
const INTERVAL_MS = 40;

const metadata: Metadata = {
  functions: [],
  tables: [
    {
      table: { schema: 'public', name: 'notes' },
      select_permissions: [{ role: 'user', permission: { columns: '*', filter: { owner_id: { _eq: 'X-Hasura-User-Id' } } } }],
    },
  ],
};

const FROM_ID = 'subscription($min: Int!) { notes(where: {id: {_gte: $min}}, order_by: {id: asc}) { id title } }';
const BY_OWNER = 'subscription($o: uuid!) { notes(where: {owner_id: {_eq: $o}}, order_by: {id: asc}) { id } }';

const drivers: [string, () => Promise<Db>][] = [
  ['PGlite', () => emptyDatabase()],
  [
    'server Postgres',
    async () => {
      server = await startTempPostgres();
      if (!server) throw new Error('PostgreSQL server binaries not found: install Debian postgresql (.ci/run does)');
      return openDb({ databaseUrl: await server.createDatabase('multiplex') });
    },
  ],
];
let server: TempPostgres | null = null;
afterAll(() => server?.stop());

describe.each(drivers)('on %s', (_name, open) => {
  let db: Db;
  let executor: Executor;
  let hub: LiveQueryHub;
  const statements: string[] = [];
  const user = (id: string): EngineSession => ({ role: 'user', variables: { 'x-hasura-role': 'user', 'x-hasura-user-id': id }, isAdmin: false });

  function prepared(session: EngineSession, query: string, variables: Record<string, unknown>): PreparedSubscription {
    const p = executor.prepare(session, { query, variables });
    if (!p.ok) throw new Error(JSON.stringify(p.errors));
    return p.subscription;
  }

  function watch(q: PreparedSubscription) {
    const results: unknown[] = [];
    const stop = hub.subscribe(q, { push: (t) => results.push(JSON.parse(t)) });
    return { results, stop };
  }

  async function until(probe: () => boolean, timeoutMs = 3000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!probe()) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await sleep(5);
    }
  }

  beforeAll(async () => {
    db = await open();
    await db.exec(`CREATE TABLE notes (id int PRIMARY KEY, owner_id uuid NOT NULL, title text NOT NULL)`);
    const prepare = db.queryPrepared?.bind(db);
    const recording: Db = {
      ...db,
      kind: db.kind,
      query: (sql, params) => (statements.push(sql), db.query(sql, params)),
      queryPrepared: prepare && ((sql, params) => (statements.push(sql), prepare(sql, params))),
    };
    executor = new Executor(buildModel(metadata, await readCatalog(db), { stringifyNumerics: true }), recording);
  });

  afterEach(async () => {
    hub.close();
    statements.length = 0;
  });

  afterAll(async () => {
    await db.close();
  });

  describe('multiplexed live queries', () => {
    it('one statement per interval for other variables and other sessions, each subscriber its own rows', async () => {
      await db.exec(`DELETE FROM notes; INSERT INTO notes VALUES (1, '${ALICE}', 'a1'), (2, '${ALICE}', 'a2'), (3, '${BOB}', 'b3')`);
      hub = new LiveQueryHub(INTERVAL_MS);
      const alice1 = watch(prepared(user(ALICE), FROM_ID, { min: 1 }));
      const alice2 = watch(prepared(user(ALICE), FROM_ID, { min: 2 }));
      const bob = watch(prepared(user(BOB), FROM_ID, { min: 1 }));
      await until(() => alice1.results.length === 1 && alice2.results.length === 1 && bob.results.length === 1);
      expect(alice1.results[0]).toEqual({ data: { notes: [{ id: 1, title: 'a1' }, { id: 2, title: 'a2' }] } });
      expect(alice2.results[0]).toEqual({ data: { notes: [{ id: 2, title: 'a2' }] } });
      expect(bob.results[0]).toEqual({ data: { notes: [{ id: 3, title: 'b3' }] } });
      expect(hub.stats()).toMatchObject({ pollers: 1, cohorts: 3, subscribers: 3 });

      statements.length = 0;
      await sleep(INTERVAL_MS * 5);
      expect(statements.length).toBeGreaterThan(1);
      expect(new Set(statements).size).toBe(1);
      expect(statements[0]).toContain('jsonb_array_elements');
      // Nothing changed: nothing pushed.
      expect([alice1.results.length, alice2.results.length, bob.results.length]).toEqual([1, 1, 1]);

      await db.exec(`UPDATE notes SET title = 'a1 edited' WHERE id = 1`);
      await until(() => alice1.results.length === 2);
      await sleep(INTERVAL_MS * 3);
      expect(alice1.results[1]).toEqual({ data: { notes: [{ id: 1, title: 'a1 edited' }, { id: 2, title: 'a2' }] } });
      expect([alice2.results.length, bob.results.length]).toEqual([1, 1]);

      // The last of a cohort leaving does not disturb the others; a newcomer is answered at once.
      alice2.stop();
      const bob2 = watch(prepared(user(BOB), FROM_ID, { min: 3 }));
      await until(() => bob2.results.length === 1);
      expect(bob2.results[0]).toEqual({ data: { notes: [{ id: 3, title: 'b3' }] } });
      expect(hub.stats()).toMatchObject({ pollers: 1, cohorts: 3, subscribers: 3 });
    });

    it('a subscriber whose values fail in Postgres gets its error; the others keep their data', async () => {
      await db.exec(`DELETE FROM notes; INSERT INTO notes VALUES (1, '${ALICE}', 'a1'), (3, '${BOB}', 'b3')`);
      hub = new LiveQueryHub(INTERVAL_MS);
      const good = watch(prepared(user(ALICE), BY_OWNER, { o: ALICE }));
      const bad = watch(prepared(user(ALICE), BY_OWNER, { o: 'not-a-uuid' }));
      await until(() => good.results.length >= 1 && bad.results.length >= 1);
      await sleep(INTERVAL_MS * 3);
      expect(good.results).toEqual([{ data: { notes: [{ id: 1 }] } }]);
      expect(bad.results).toHaveLength(1);
      expect(bad.results[0]).toMatchObject({ errors: [{ extensions: { code: expect.any(String) } }] });
      expect(hub.stats()).toMatchObject({ pollers: 1, cohorts: 2 });
    });
  });
});
