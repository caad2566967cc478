// Engines loaded in one process from identical inputs share one model and its caches (role
// schemas, validated documents, compiled SQL); any difference in what the model is made of (the
// database's tables and columns, the metadata, an enum table's values, the options) gives a model
// of its own, so a shared one never answers for a database or metadata it was not built from.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { emptyDatabase } from '../../tests/helpers/backend';
import { Executor } from './execute';
import { engineOptions, loadModel } from './index';
import type { EngineSession } from './types';

const FIXTURE = path.join(__dirname, 'conformance/fixtures/columnComparisons/nhost');
const SETUP = fs.readFileSync(path.join(FIXTURE, 'migrations/default/1700000000000_setup/up.sql'), 'utf8');
const admin: EngineSession = { role: 'admin', variables: { 'x-hasura-role': 'admin' }, isAdmin: true };

let first: Db;
let second: Db;
let project: string;
beforeAll(async () => {
  [first, second] = await Promise.all([emptyDatabase(), emptyDatabase()]);
  await first.exec(SETUP);
  await second.exec(SETUP);
  // A copy of the fixture project whose metadata a test may change.
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-model-cache-'));
  fs.cpSync(FIXTURE, project, { recursive: true });
}, 120_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
  fs.rmSync(project, { recursive: true, force: true });
});

const opts = engineOptions({});
const accountFields = async (db: Db) => {
  const executor = new Executor(await loadModel(db, project, opts), db);
  const answer = JSON.parse(await executor.run(admin, { query: '{ __type(name: "account") { fields { name } } }' })) as { data: { __type: { fields: { name: string }[] } } };
  return answer.data.__type.fields.map((f) => f.name);
};

describe('models shared between engines of one process', () => {
  it("a query cached by one engine never answers another user's request, on that engine or another sharing the model", async () => {
    const table = path.join(project, 'metadata/databases/default/tables/public_account.yaml');
    const yaml = fs.readFileSync(table, 'utf8');
    fs.writeFileSync(table, yaml.replace('select_permissions:\n', 'select_permissions:\n  - role: owner\n    permission:\n      columns: [id, label]\n      filter:\n        id:\n          _eq: X-Hasura-User-Id\n'));
    try {
      const a = new Executor(await loadModel(first, project, opts), first);
      const b = new Executor(await loadModel(second, project, opts), second);
      expect(b.model).toBe(a.model);
      await second.exec(`UPDATE account SET label = 'second db' WHERE id = 1`);
      const owner = (id: string): EngineSession => ({ role: 'owner', variables: { 'x-hasura-role': 'owner', 'x-hasura-user-id': id }, isAdmin: false });
      const labels = async (ex: Executor, session: EngineSession) => JSON.parse(await ex.run(session, { query: '{ account { label } }' })) as unknown;
      expect(await labels(a, owner('1'))).toEqual({ data: { account: [{ label: 'first' }] } });
      expect(await labels(b, owner('2'))).toEqual({ data: { account: [{ label: 'second' }] } });
      expect(await labels(b, owner('1'))).toEqual({ data: { account: [{ label: 'second db' }] } });
      expect(await labels(a, owner('2'))).toEqual({ data: { account: [{ label: 'second' }] } });
      // Same user id, another role: the cached statement of "owner" is not reused for "reader".
      expect(await labels(a, { role: 'reader', variables: { 'x-hasura-role': 'reader', 'x-hasura-user-id': '1' }, isAdmin: false })).toEqual({ data: { account: [{ label: 'first' }, { label: 'second' }] } });
      // A missing session variable is an error, not the rows cached for a user who had one.
      const none = JSON.parse(await b.run({ role: 'owner', variables: { 'x-hasura-role': 'owner' }, isAdmin: false }, { query: '{ account { label } }' })) as { errors?: { message: string }[] };
      expect(none.errors?.[0].message).toMatch(/missing session variable/);
    } finally {
      await second.exec(`UPDATE account SET label = 'first' WHERE id = 1`);
    }
  });

  it('two databases with the same tables and the same metadata share one model, and each engine reads its own rows', async () => {
    const a = await loadModel(first, project, opts);
    const b = await loadModel(second, project, opts);
    expect(b).toBe(a);
    await second.exec(`UPDATE transfer SET note = 'second' WHERE id = 1`);
    const note = async (db: Db) => JSON.parse(await new Executor(await loadModel(db, project, opts), db).run(admin, { query: '{ transfer_by_pk(id: 1) { note } }' })) as unknown;
    expect(await note(first)).toEqual({ data: { transfer_by_pk: { note: 't1' } } });
    expect(await note(second)).toEqual({ data: { transfer_by_pk: { note: 'second' } } });
  });

  it('a column added to one database gives that database a model (and schema) of its own', async () => {
    const before = await accountFields(first);
    await second.exec(`ALTER TABLE account ADD COLUMN nickname text`);
    expect(await loadModel(second, project, opts)).not.toBe(await loadModel(first, project, opts));
    expect(await accountFields(second)).toEqual([...before, 'nickname'].sort());
    expect(await accountFields(first)).toEqual(before);
  });

  it('changed metadata or options give a new model', async () => {
    const a = await loadModel(first, project, opts);
    const table = path.join(project, 'metadata/databases/default/tables/public_account.yaml');
    fs.appendFileSync(table, 'configuration:\n  custom_name: wallet\n');
    const renamed = await loadModel(first, project, opts);
    expect(renamed).not.toBe(a);
    expect(renamed.tables.get('public.account')?.gqlName).toBe('wallet');
    expect(await loadModel(first, project, { ...opts, stringifyNumerics: !opts.stringifyNumerics })).not.toBe(renamed);
  });
});
