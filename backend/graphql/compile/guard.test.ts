// The compiler's own wall, tested by handing it what validation would have refused: hidden
// columns, client text where SQL names go, values of the wrong shape. Whatever reaches the
// compiler, no client key becomes SQL and no column outside the role's permission is touched.
import { describe, expect, it } from 'vitest';
import { testModel } from '../__fixtures__/model';
import type { Table } from '../model';
import type { Selected } from '../request/collect';
import { compileBoolExp } from './boolexp';
import { CompileContext } from './context';
import { compileInsert, compileUpdate } from './mutation';
import { aggregateQuery, listQuery } from './select';

const model = testModel();
const posts = model.tables.get('public.posts') as Table;
const users = model.tables.get('public.users') as Table;
const ctxFor = (role = 'user') => new CompileContext(model, role, { 'x-hasura-user-id': '00000000-0000-4000-a000-000000000001' });

const field = (name: string, info?: Selected['info'], fields: Selected[] = [], args: Record<string, unknown> = {}): Selected => ({
  alias: name, name, parentType: 'x', info, args, fields, path: `$.${name}`, node: undefined as unknown as Selected['node'],
});
const idField = (t: Table) => field('id', { kind: 'column', column: t.columnsByGql.get('id')! });

/** A query plan the compiler built anyway would show the hidden name; a refusal throws before any SQL exists. */
function refused(f: () => unknown, message: RegExp | string): void {
  expect(f).toThrow(message);
}

describe('the compiler refuses what validation would have refused', () => {
  it('hidden columns in where, at any depth and in every operator position', () => {
    refused(() => compileBoolExp(ctxFor(), posts, '"p"', { secret: { _like: 'a%' } }, 'where'), `field 'secret' not found in type: 'posts_bool_exp'`);
    refused(() => compileBoolExp(ctxFor(), posts, '"p"', { _or: [{ id: { _eq: 1 } }, { _not: { secret: { _is_null: false } } }] }, 'where'), /'secret' not found/);
    refused(() => compileBoolExp(ctxFor(), users, '"u"', { posts: { secret: { _eq: 'x' } } }, 'where'), /'secret' not found/);
    // A column comparison naming a hidden column is a read of it too.
    refused(() => compileBoolExp(ctxFor(), posts, '"p"', { title: { _ceq: 'secret' } }, 'where'), /'secret' not found/);
    // The role may not read posts' owner table columns it lacks either: users.prefs is not in the user role's columns.
    refused(() => compileBoolExp(ctxFor(), posts, '"p"', { owner: { prefs: { _contains: {} } } }, 'where'), /'prefs' not found/);
  });

  it('hidden columns in order_by, distinct_on and aggregates', () => {
    refused(() => listQuery(ctxFor(), posts, posts.sql, '"p"', { order_by: [{ secret: 'asc' }] }, [idField(posts)], []), `field 'secret' not found in type: 'posts_order_by'`);
    refused(() => listQuery(ctxFor(), posts, posts.sql, '"p"', { distinct_on: ['secret'] }, [idField(posts)], []), /'secret' not found/);
    // The user role may not aggregate posts at all (no allow_aggregations)...
    const aggregate = (...fields: Selected[]) => field('aggregate', { kind: 'agg_aggregate' }, fields);
    refused(() => aggregateQuery(ctxFor(), posts, posts.sql, '"p"', {}, [aggregate(field('count', { kind: 'agg_count' }))], []), /not found/);
    // ...and with aggregations allowed, still not over a column it may not read.
    const model2 = testModel();
    const posts2 = model2.tables.get('public.posts') as Table;
    posts2.select.get('user')!.allowAggregations = true;
    const ctx2 = new CompileContext(model2, 'user', { 'x-hasura-user-id': '00000000-0000-4000-a000-000000000001' });
    refused(() => aggregateQuery(ctx2, posts2, posts2.sql, '"p"', {}, [aggregate(field('count', { kind: 'agg_count' }, [], { columns: ['secret'] }))], []), /'secret' not found/);
    const maxSecret = field('max', { kind: 'agg_op', op: 'max' }, [field('secret', { kind: 'agg_col', column: posts2.columnsByGql.get('secret')! })]);
    refused(() => aggregateQuery(ctx2, posts2, posts2.sql, '"p"', {}, [aggregate(maxSecret)], []), /'secret' not found/);
    expect(aggregateQuery(ctx2, posts2, posts2.sql, '"p"', {}, [aggregate(field('count', { kind: 'agg_count' }, [], { columns: ['likes'] }))], [])).toContain('count("p"."likes")');
  });

  it('never writes a client key as an aggregate function, direction or relationship name', () => {
    const injected = 'count); select pg_sleep(10) --';
    refused(() => listQuery(ctxFor('admin'), users, users.sql, '"u"', { order_by: [{ posts_aggregate: { [injected]: { likes: 'asc' } } }] }, [idField(users)], []), /not found in type/);
    refused(() => listQuery(ctxFor('admin'), users, users.sql, '"u"', { order_by: [{ name: 'asc); drop table users; --' }] }, [idField(users)], []), /expected one of the values/);
    refused(() => compileBoolExp(ctxFor('admin'), users, '"u"', { posts_aggregate: { [injected]: { predicate: { _gt: 0 } } } }, 'where'), /not found in type: 'posts_aggregate_bool_exp'/);
    refused(() => compileBoolExp(ctxFor('admin'), users, '"u"', { posts_aggregate: { count: { arguments: [injected], predicate: { _gt: 0 } } } }, 'where'), /not found/);
    refused(() => listQuery(ctxFor('admin'), posts, posts.sql, '"p"', { limit: '1; drop table posts' }, [idField(posts)], []), /expecting Integer value for "limit"/);
    refused(() => listQuery(ctxFor('admin'), posts, posts.sql, '"p"', { offset: 1.5 }, [idField(posts)], []), /expecting Integer value for "offset"/);
    refused(() => listQuery(ctxFor('admin'), posts, posts.sql, '"p"', {}, [{ ...idField(posts), alias: `x', (select 1), 'y` }], []), /not a valid GraphQL name/);
  });

  it('a legal aggregate order_by still compiles to a fixed function over a quoted column', () => {
    const sql = listQuery(ctxFor('admin'), users, users.sql, '"u"', { order_by: [{ posts_aggregate: { max: { likes: 'desc' } } }] }, [idField(users)], []);
    expect(sql).toContain('max("_o');
    expect(sql).toContain('"likes")');
  });

  it('values of the wrong shape never reach a typed parameter', () => {
    refused(() => compileBoolExp(ctxFor(), posts, '"p"', { owner_id: { _eq: { not: 'a uuid' } } }, 'where'), /found an object/);
    refused(() => compileBoolExp(ctxFor(), posts, '"p"', { title: { _eq: ['a', 'b'] } }, 'where'), /found a list/);
  });
});

describe('the compiler refuses writes to columns outside the role permission', () => {
  const env = { newCtx: () => ctxFor() };
  const affected = field('affected_rows', { kind: 'affected_rows' });
  const run = async (plan: (q: never) => Promise<string>) => plan({ query: () => { throw new Error('no SQL may run'); } } as never);

  it('insert: a column the role may not set, a preset column, an unknown key', async () => {
    for (const obj of [{ title: 'ok', secret: 's' }, { title: 'ok', owner_id: '00000000-0000-4000-a000-000000000002' }, { title: 'ok', 'x); drop table posts; --': 1 }]) {
      const f = field('insert_posts', { kind: 'root', root: 'insert', table: posts }, [affected], { objects: [obj] });
      await expect(run(compileInsert(env, posts, f, false))).rejects.toThrow(/not found in type: 'posts_insert_input'/);
    }
  });

  it('update: _set, _inc and on_conflict update_columns outside the update columns', async () => {
    for (const args of [{ _set: { secret: 'x' } }, { _set: { owner_id: '00000000-0000-4000-a000-000000000002' } }, { _inc: { likes: 1 } }, { _set: { 'title" = 1, "secret': 'x' } }]) {
      const f = field('update_posts', { kind: 'root', root: 'update', table: posts }, [affected], { where: {}, ...args });
      await expect(run(compileUpdate(env, posts, f, 'update'))).rejects.toThrow(/not found in type: 'posts_(set|inc)_input'/);
    }
    const up = field('insert_posts', { kind: 'root', root: 'insert', table: posts }, [affected], {
      objects: [{ title: 'x' }], on_conflict: { constraint: 'posts_pkey', update_columns: ['secret'] },
    });
    await expect(run(compileInsert(env, posts, up, false))).rejects.toThrow(/not found in type/);
  });
});
