// Upserts (insert with on_conflict ... update_columns) under a role: rows the statement inserts
// answer to the insert permission's check, rows the conflict updated to the update permission's
// check, as in Hasura.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { emptyDatabase } from '../../../tests/helpers/backend';
import { readCatalog } from '../catalog';
import { Executor } from '../execute';
import type { Metadata } from '../metadata';
import { buildModel } from '../model';
import type { EngineSession } from '../types';

const SYSTEM_SQL = path.join(__dirname, '../../db/system/001_hdb_catalog.sql');
const SCHEMA = `CREATE TABLE rooms (id int PRIMARY KEY, owner text NOT NULL, status text NOT NULL);`;

const mine = { owner: { _eq: 'X-Hasura-User-Id' } };
const metadata: Metadata = {
  functions: [],
  tables: [
    {
      table: { schema: 'public', name: 'rooms' },
      select_permissions: [{ role: 'manager', permission: { columns: '*', filter: mine } }],
      // A new room may start as a draft; an existing one may only be changed into a listed room.
      insert_permissions: [{ role: 'manager', permission: { columns: '*', check: mine } }],
      update_permissions: [{ role: 'manager', permission: { columns: ['status'], filter: mine, check: { status: { _eq: 'listed' } } } }],
    },
  ],
};

let db: Db;
let executor: Executor;
const manager: EngineSession = { role: 'manager', variables: { 'x-hasura-role': 'manager', 'x-hasura-user-id': 'm1' }, isAdmin: false };
const run = async (query: string) => JSON.parse(await executor.run(manager, { query })) as { data?: Record<string, unknown>; errors?: { message: string; extensions: { code: string } }[] };
const rooms = async () => (await db.query<{ id: number; owner: string; status: string }>('SELECT id, owner, status FROM rooms ORDER BY id')).rows;
const upsert = (objects: string) => `mutation { insert_rooms(objects: ${objects}, on_conflict: {constraint: rooms_pkey, update_columns: [status]}) { affected_rows returning { id status } } }`;

beforeAll(async () => {
  // As initdb leaves it, from the cached snapshot (an initdb of its own costs ~5 s of CPU).
  db = await emptyDatabase();
  await db.exec(fs.readFileSync(SYSTEM_SQL, 'utf8'));
  await db.exec(SCHEMA);
  executor = new Executor(buildModel(metadata, await readCatalog(db), { stringifyNumerics: true }), db);
});

beforeEach(async () => {
  await db.exec(`DELETE FROM rooms; INSERT INTO rooms VALUES (1, 'm1', 'listed')`);
});

afterAll(async () => {
  await db.close();
});

describe('upsert permission checks', () => {
  it('a fresh row is checked by the insert check only, even when the update check would refuse it', async () => {
    const r = await run(upsert('[{id: 2, owner: "m1", status: "draft"}]'));
    expect(r).toEqual({ data: { insert_rooms: { affected_rows: 1, returning: [{ id: 2, status: 'draft' }] } } });
    expect(await rooms()).toEqual([{ id: 1, owner: 'm1', status: 'listed' }, { id: 2, owner: 'm1', status: 'draft' }]);
  });

  it('a row the conflict updated is checked by the update check, and nothing is written when it fails', async () => {
    const r = await run(upsert('[{id: 2, owner: "m1", status: "draft"}, {id: 1, owner: "m1", status: "draft"}]'));
    expect(r.data).toBeUndefined();
    expect(r.errors?.[0].extensions.code).toBe('permission-error');
    expect(await rooms()).toEqual([{ id: 1, owner: 'm1', status: 'listed' }]);
    const ok = await run(upsert('[{id: 1, owner: "m1", status: "listed"}, {id: 3, owner: "m1", status: "draft"}]'));
    expect(ok).toEqual({ data: { insert_rooms: { affected_rows: 2, returning: [{ id: 1, status: 'listed' }, { id: 3, status: 'draft' }] } } });
  });

  it('a fresh row failing the insert check is refused', async () => {
    const r = await run(upsert('[{id: 4, owner: "someone-else", status: "listed"}]'));
    expect(r.errors?.[0]).toMatchObject({ message: 'check constraint of an insert/update permission has failed', extensions: { code: 'permission-error' } });
    expect(await rooms()).toEqual([{ id: 1, owner: 'm1', status: 'listed' }]);
  });

  it('insert_one with a nested-free object behaves the same', async () => {
    const r = await run('mutation { insert_rooms_one(object: {id: 5, owner: "m1", status: "draft"}, on_conflict: {constraint: rooms_pkey, update_columns: [status]}) { id status } }');
    expect(r).toEqual({ data: { insert_rooms_one: { id: 5, status: 'draft' } } });
    const upd = await run('mutation { insert_rooms_one(object: {id: 5, owner: "m1", status: "draft"}, on_conflict: {constraint: rooms_pkey, update_columns: [status]}) { id status } }');
    expect(upd.errors?.[0].extensions.code).toBe('permission-error');
  });
});
