// Column comparisons in permissions (`_ceq` `_cne` `_cgt` `_cgte` `_clt` `_clte`, Hasura's `$`
// spelling too), attacked with real access tokens: a transfer is visible, insertable, updatable or
// deletable only when its amount compares as the permission says with its account's limit or
// balance (`["$", "amount"]`: the transfer, the row the permission is defined on, however deep the
// comparison sits), or with another column of the same row (`"fee"`, `["amount"]`). The client's
// own `where` has no column comparisons (as Hasura), and metadata whose comparison (or `_exists`
// table) Hasura would mark inconsistent does not load. Database comments (descriptions) show only on what a role reads.
// Data (fixtures/columnComparisons): accounts 1 (balance 120, limit 100) and 2 (balance 10,
// limit 50); transfers t1 (1, 100, fee 5), t2 (1, 50, fee 60), t3 (2, 50, fee 0), t4 (2, 80, fee 80),
// t5 (1, 150, fee 1).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCatalog, testMetadata } from '../__fixtures__/model';
import type { Metadata } from '../metadata';
import { MetadataError } from '../metadata';
import { buildModel } from '../model';
import { tableKey } from '../catalog';
import { askAs, refused, refusesForgedTokens } from './attackClient';
import { startClassEngine, type ClassEngine } from './runner';

let engine: ClassEngine;
beforeAll(async () => {
  engine = await startClassEngine('columnComparisons', path.join(__dirname, 'fixtures/columnComparisons/nhost'));
}, 120_000);
afterAll(async () => {
  await engine?.close();
});

const ask = async (role: string, query: string, variables?: Record<string, unknown>) => askAs(engine, await engine.token(role), query, variables);
const notes = async (role: string, where = '{}') => {
  const a = await ask(role, `{ transfer(where: ${where}, order_by: {id: asc}) { note } }`);
  expect(a.errors).toBeUndefined();
  return (a.data?.transfer as { note: string }[]).map((r) => r.note);
};
/** Every transfer as the admin sees it: what a refused write must leave as it was. */
const allRows = async () => (await engine.post({ query: '{ transfer(order_by: {id: asc}) { note account_id amount } }' }, {})).body;

describe('reading: each operator compares the account with the row the permission is on', () => {
  it.each([
    ['ceq', ['t1', 't3']],
    ['cne', ['t2', 't4', 't5']],
    ['cgt', ['t2']],
    ['cgte', ['t1', 't2', 't3']],
    ['clt', ['t4', 't5']],
    ['clte', ['t1', 't3', 't4', 't5']],
    ['dollar', ['t2']],
    ['same_row', ['t2', 't4']],
  ])('%s sees %j', async (role, expected) => {
    expect(await notes(role)).toEqual(expected);
  });

  it('a where or a primary key reaches no row the comparison refuses', async () => {
    expect(await notes('cgt', '{_or: [{note: {_eq: "t1"}}, {note: {_neq: "t1"}}]}')).toEqual(['t2']);
    const byPk = await ask('ceq', '{ a: transfer_by_pk(id: 2) { note } b: transfer_by_pk(id: 1) { note } }');
    expect(byPk).toEqual({ data: { a: null, b: { note: 't1' } } });
    // A relationship the role may not follow gives no way around the filter.
    refused(await ask('ceq', '{ transfer { account { limit_amount } } }'), "field 'account' not found in type: 'transfer'");
  });

  it('a row reached through a relationship passes the same filter as at the top level', async () => {
    // The transfer's filter is the account's own filter word for word, but its ["$", "id"] is the
    // transfer's id: that the account passed its own filter says nothing about the transfer.
    expect(await notes('mirror')).toEqual(['t1']);
    const nested = await ask('mirror', '{ account(order_by: {id: asc}) { id transfers(order_by: {id: asc}) { note } } }');
    expect(nested).toEqual({ data: { account: [{ id: 1, transfers: [{ note: 't1' }] }, { id: 2, transfers: [] }] } });
    const aggregate = await ask('mirror', '{ account(order_by: {id: asc}) { transfers_aggregate { aggregate { count } } } }');
    expect(aggregate).toEqual({ data: { account: [{ transfers_aggregate: { aggregate: { count: 1 } } }, { transfers_aggregate: { aggregate: { count: 0 } } }] } });
  });

  it("the client's where has no column comparisons", async () => {
    refused(await ask('payer', '{ transfer(where: {amount: {_ceq: "fee"}}) { id } }'), "field '_ceq' not found in type: 'Int_comparison_exp'");
    refused(await ask('payer', '{ transfer(where: {amount: {_clt: ["$", "fee"]}}) { id } }'), "field '_clt' not found in type: 'Int_comparison_exp'");
  });

  it('a hidden column is not readable, and a forged token reads nothing', async () => {
    refused(await ask('ceq', '{ transfer { fee } }'), "field 'fee' not found in type: 'transfer'");
    const forged = await engine.token('cne', {}, 'forged');
    refused(await askAs(engine, forged, '{ transfer { note } }'), /Could not verify JWT/, 'invalid-jwt');
  });

  it('a token forged in any way (another key, alg none, claims edited, expired, a role not allowed) reads nothing', async () => {
    await refusesForgedTokens(engine, 'cne', {}, '{ transfer { note } }');
  });
});

describe('descriptions (database comments) in introspection', () => {
  const schemaText = async (role: string) => JSON.stringify(await ask(role, '{ __schema { types { name description fields { name description } } } }'));

  it('a role sees the comments of the columns it may read, never of hidden columns', async () => {
    const ceq = await schemaText('ceq');
    expect(ceq).toContain('visible note comment');
    expect(ceq).not.toContain('hidden fee comment');
    expect(ceq).not.toContain('hidden balance comment');
    // ceq may not read account at all: neither its type nor its comment is there.
    expect(ceq).not.toContain('accounts: internal limits');
    const reader = await schemaText('reader');
    expect(reader).toContain('accounts: internal limits');
    expect(reader).not.toContain('hidden balance comment');
    const admin = JSON.stringify((await engine.post({ query: '{ __type(name: "transfer") { fields { name description } } }' }, {})).body);
    expect(admin).toContain('hidden fee comment');
  });
});

describe('writing: the check compares the new row with its account', () => {
  it('inserts only what the account balance covers; a refused insert writes nothing', async () => {
    await engine.reset();
    const before = await allRows();
    const insert = 'mutation($a: Int!, $n: Int!) { insert_transfer(objects: [{account_id: $a, amount: $n, note: "new"}]) { affected_rows } }';
    refused(await ask('payer', insert, { a: 1, n: 121 }), 'check constraint of an insert/update permission has failed', 'permission-error');
    refused(await ask('payer', insert, { a: 2, n: 11 }), 'check constraint of an insert/update permission has failed', 'permission-error');
    // One row of a batch over the balance refuses the whole batch.
    refused(await ask('payer', 'mutation { insert_transfer(objects: [{account_id: 1, amount: 1}, {account_id: 2, amount: 500}]) { affected_rows } }'), 'check constraint of an insert/update permission has failed', 'permission-error');
    // Wrong types never reach SQL as text; nothing is written.
    refused(await ask('payer', insert, { a: 1, n: 'maybe' }), /./, 'data-exception');
    refused(await ask('payer', 'mutation { insert_transfer(objects: [{account_id: 1, amount: 5, fee: 0}]) { affected_rows } }'), "field 'fee' not found in type: 'transfer_insert_input'");
    expect(await allRows()).toEqual(before);
    expect(await ask('payer', insert, { a: 1, n: 120 })).toEqual({ data: { insert_transfer: { affected_rows: 1 } } });
  });

  it('updates only rows the balance covers, and refuses an update that would exceed it', async () => {
    await engine.reset();
    const before = await allRows();
    refused(await ask('payer', 'mutation { update_transfer(where: {note: {_eq: "t2"}}, _set: {amount: 130}) { affected_rows } }'), 'check constraint of an insert/update permission has failed', 'permission-error');
    expect(await allRows()).toEqual(before);
    const all = await ask('payer', 'mutation { update_transfer(where: {}, _set: {note: "seen"}) { affected_rows returning { id } } }');
    expect(all).toEqual({ data: { update_transfer: { affected_rows: 2, returning: [{ id: 1 }, { id: 2 }] } } });
  });

  it('deletes only rows over the account limit', async () => {
    await engine.reset();
    const gone = await ask('payer', 'mutation { delete_transfer(where: {}) { affected_rows returning { note } } }');
    expect(gone).toEqual({ data: { delete_transfer: { affected_rows: 2, returning: [{ note: 't4' }, { note: 't5' }] } } });
    expect(await notes('payer')).toEqual(['t1', 't2', 't3']);
  });
});

describe('metadata Hasura would mark inconsistent does not load', () => {
  // The unit model: posts(id integer, owner_id uuid, title text, likes bigint, secret text) -> users(id uuid, name text).
  const withFilter = (filter: Record<string, unknown>): Metadata => {
    const m = testMetadata();
    const posts = m.tables.find((t) => t.table.name === 'posts')!;
    posts.select_permissions = [{ role: 'user', permission: { columns: ['id'], filter } }];
    return m;
  };
  const load = (filter: Record<string, unknown>) => () => buildModel(withFilter(filter), testCatalog(), { stringifyNumerics: true });

  it('accepts a column of the same type, of this row or of the root row', () => {
    expect(load({ owner: { id: { _ceq: ['$', 'owner_id'] } } })).not.toThrow();
    expect(load({ title: { $cne: 'secret' } })).not.toThrow();
    expect(load({ _and: [{ title: { _clte: ['secret'] } }] })).not.toThrow();
    expect(load({ _exists: { _table: 'users', _where: { name: { _ceq: 'name' } } } })).not.toThrow();
  });

  it.each([
    [{ id: { _ceq: 'likes' } }, 'incompatible column types: "id" has type "integer", but "likes" has type "bigint"'],
    [{ owner: { name: { _cgt: ['$', 'id'] } } }, 'incompatible column types: "name" has type "text", but "id" has type "integer"'],
    [{ title: { _ceq: 'nope' } }, '"nope" is not a column of public.posts'],
    [{ owner: { id: { _ceq: ['$', 'owner'] } } }, '"owner" is not a column of public.posts'],
    [{ title: { _ceq: [] } }, 'path cannot be empty'],
    [{ title: { _ceq: ['owner', 'name'] } }, 'Relationship references are not supported in column comparison RHS'],
    [{ _not: { title: { _cne: 5 } } }, 'a boolean expression JSON must be either a string or an array'],
    // `_exists` is resolved at load too: an unknown table (or none) makes the permission inconsistent.
    [{ _exists: { _table: 'nope', _where: {} } }, '_exists: table "nope" does not exist'],
    [{ _or: [{ _exists: { _table: { schema: 'auth', name: 'users' }, _where: {} } }] }, '_exists: table "auth.users" does not exist'],
    [{ _exists: { _where: {} } }, '_exists: key "_table" not found'],
    [{ _exists: [] }, '_exists: expected an object with _table and _where'],
    // Hasura's GExists parser needs both keys (`o .: "_where"`) and a boolean expression object
    // there: a missing `_where` is not "every row" (it would grant the whole table to the role).
    [{ _exists: { _table: 'users' } }, '_exists: key "_where" not found'],
    [{ _exists: { _table: 'users', _where: null } }, '_exists: _where: expected a boolean expression object'],
    [{ _exists: { _table: 'users', _where: [] } }, '_exists: _where: expected a boolean expression object'],
    // A table name is a string or {schema, name}: anything else names no table (and never crashes the load).
    [{ _exists: { _table: null, _where: {} } }, '_exists: _table: expected a table name'],
    [{ _exists: { _table: { schema: 'public' }, _where: {} } }, '_exists: _table: expected a table name'],
    [{ _exists: { _table: ['public', 'users'], _where: {} } }, '_exists: _table: expected a table name'],
    [{ _exists: { _table: 'users', _where: { id: { _ceq: 'name' } } } }, 'incompatible column types: "id" has type "uuid", but "name" has type "text"'],
  ])('%j', (filter, message) => {
    expect(load(filter)).toThrow(MetadataError);
    expect(load(filter)).toThrow(message);
  });

  it('_exists names a table by its schema and name, never by a dotted key that matches another table', () => {
    // A tracked table public."x.users" spells "public.x.users", as schema "public.x" table "users" would.
    const m = testMetadata();
    m.tables.push({ table: { schema: 'public', name: 'x.users' }, configuration: { custom_name: 'x_users', custom_column_names: { 'odd "col': 'oddCol' } } });
    const c = testCatalog();
    const users = c.tables.get('public.users')!;
    c.tables.set(tableKey('public', 'x.users'), { ...users, name: 'x.users' });
    m.tables.find((t) => t.table.name === 'posts')!.select_permissions = [
      { role: 'user', permission: { columns: ['id'], filter: { _exists: { _table: { schema: 'public.x', name: 'users' }, _where: {} } } } },
    ];
    const build = () => buildModel(m, c, { stringifyNumerics: true });
    expect(build).toThrow(MetadataError);
    expect(build).toThrow('_exists: table "public.x.users" does not exist');
  });

  it('checks a comparison however deep it sits, and refuses a filter too deep to check', () => {
    let deep: Record<string, unknown> = { id: { _ceq: 'likes' } };
    for (let i = 0; i < 100; i++) deep = i % 2 ? { _not: deep } : { _and: [deep] };
    expect(load(deep)).toThrow('incompatible column types: "id" has type "integer", but "likes" has type "bigint"');
    let endless: Record<string, unknown> = { id: { _eq: 1 } };
    for (let i = 0; i < 300; i++) endless = { _not: endless };
    expect(load(endless)).toThrow(MetadataError);
    expect(load(endless)).toThrow('nested more than 256 levels deep');
  });

  it("checks the filter of a relationship's aggregate and a computed field's comparisons", () => {
    const catalog = () => {
      const c = testCatalog();
      c.functions.set('public.post_score', {
        schema: 'public', name: 'post_score', argNames: ['p'], argTypes: ['posts'], argTypnames: ['posts'], argTypeKinds: ['c'], argsWithDefault: 0,
        returnsSet: false, returnSchema: 'pg_catalog', returnTypname: 'int8', returnsTable: false, volatility: 's',
      });
      return c;
    };
    const build = (table: string, filter: Record<string, unknown>) => () => {
      const m = testMetadata();
      m.tables.find((t) => t.table.name === 'posts')!.computed_fields = [{ name: 'score', definition: { function: 'post_score' } }];
      m.tables.find((t) => t.table.name === table)!.select_permissions = [{ role: 'user', permission: { columns: ['id'], filter } }];
      return buildModel(m, catalog(), { stringifyNumerics: true });
    };
    const aggregate = (filter: Record<string, unknown>) => build('users', { posts_aggregate: { count: { predicate: { _gt: 0 }, filter } } });
    expect(aggregate({ title: { _ceq: 'secret' } })).not.toThrow();
    expect(aggregate({ id: { _ceq: 'likes' } })).toThrow('incompatible column types: "id" has type "integer", but "likes" has type "bigint"');
    expect(aggregate({ id: { _ceq: ['$', 'nope'] } })).toThrow('"nope" is not a column of public.users');
    expect(build('posts', { score: { _cgt: 'likes' } })).not.toThrow();
    expect(build('posts', { score: { _cgt: 'id' } })).toThrow(MetadataError);
    expect(build('posts', { score: { _cgt: 'nope' } })).toThrow('"nope" is not a column of public.posts');
  });
});
