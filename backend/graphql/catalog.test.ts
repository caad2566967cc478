// The functions the engine reads from the database are exactly those the metadata names: an
// overloaded name is refused as Hasura refuses it (tracked or as a computed field), a name made of
// dots in another schema is never read in place of the tracked one, and a function whose own
// GraphQL name is not valid is refused as Hasura refuses it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { emptyDatabase } from '../../tests/helpers/backend';
import { readCatalog } from './catalog';
import { Executor } from './execute';
import { MetadataError, type Metadata } from './metadata';
import { buildModel } from './model';
import type { EngineSession } from './types';

const SCHEMA = `
CREATE TABLE post (id int PRIMARY KEY, title text NOT NULL, hidden boolean NOT NULL);
INSERT INTO post VALUES (1, 'open', false), (2, 'secret', true);
-- The function a project tracks, and an overload added later that returns hidden rows too.
CREATE FUNCTION visible_posts(search text) RETURNS SETOF post LANGUAGE sql STABLE AS $$ SELECT * FROM post WHERE NOT hidden AND title LIKE search $$;
CREATE FUNCTION post_rank(p post) RETURNS int LANGUAGE sql STABLE AS $$ SELECT p.id $$;
CREATE FUNCTION post_rank(p post, boost int) RETURNS int LANGUAGE sql STABLE AS $$ SELECT p.id + boost $$;
-- Schema "a" with a function "b.c", and schema "a.b" with a function "c": both spell a.b.c.
CREATE SCHEMA a;
CREATE SCHEMA "a.b";
CREATE FUNCTION a."b.c"() RETURNS SETOF post LANGUAGE sql STABLE AS $$ SELECT * FROM post WHERE NOT hidden $$;
CREATE FUNCTION "a.b".c() RETURNS SETOF post LANGUAGE sql STABLE AS $$ SELECT * FROM post $$;
`;

const metadata = (m: Partial<Metadata>): Metadata => ({
  functions: m.functions ?? [],
  tables: m.tables ?? [{ table: { schema: 'public', name: 'post' }, select_permissions: [{ role: 'user', permission: { columns: ['id', 'title'], filter: {} } }] }],
});
const namesOf = (m: Metadata) => [
  ...m.functions.map((f) => f.function),
  ...m.tables.flatMap((t) => (t.computed_fields ?? []).map((cf) => (typeof cf.definition.function === 'string' ? { schema: 'public', name: cf.definition.function } : { schema: cf.definition.function.schema ?? 'public', name: cf.definition.function.name }))),
];
const build = async (m: Metadata) => buildModel(m, await readCatalog(db, { functions: namesOf(m) }), { stringifyNumerics: true });

let db: Db;
beforeAll(async () => {
  // As initdb leaves it, from the cached snapshot (an initdb of its own costs ~5 s of CPU).
  db = await emptyDatabase();
  await db.exec(SCHEMA);
});
afterAll(async () => {
  await db?.close();
});

describe('functions read for the metadata', () => {
  it('an overloaded tracked function stops the engine loudly, as Hasura marks it inconsistent', async () => {
    await expect(build(metadata({ functions: [{ function: { schema: 'public', name: 'visible_posts' } }] }))).resolves.toBeDefined();
    await db.exec(`CREATE FUNCTION visible_posts() RETURNS SETOF post LANGUAGE sql STABLE AS $$ SELECT * FROM post $$`);
    try {
      const m = metadata({ functions: [{ function: { schema: 'public', name: 'visible_posts' } }] });
      await expect(build(m)).rejects.toThrow(MetadataError);
      await expect(build(m)).rejects.toThrow('function "visible_posts" is overloaded. Overloaded functions are not supported');
    } finally {
      await db.exec('DROP FUNCTION visible_posts()');
    }
  });

  it('an overloaded computed field function is refused too', async () => {
    const m = metadata({
      tables: [{
        table: { schema: 'public', name: 'post' },
        computed_fields: [{ name: 'rank', definition: { function: 'post_rank' } }],
        select_permissions: [{ role: 'user', permission: { columns: ['id'], computed_fields: ['rank'], filter: {} } }],
      }],
    });
    await expect(build(m)).rejects.toThrow('function "post_rank" is overloaded. Overloaded functions are not supported');
  });

  it('a function named with dots is read from its own schema, never from one whose name spells the same, and not tracked', async () => {
    const m = metadata({ functions: [{ function: { schema: 'a', name: 'b.c' }, configuration: { custom_name: 'open_posts' }, permissions: [{ role: 'user' }] }] });
    const catalog = await readCatalog(db, { functions: namesOf(m) });
    expect([...catalog.functions.values()].map((f) => [f.schema, f.name, f.overloaded ?? false])).toEqual([['a', 'b.c', false]]);
    // Hasura derives "a_b.c" from it, custom name or not, and marks the function inconsistent
    // (Postgres/DDL/Function.hs, functionGraphQLName): the engine does not start with it either.
    expect(() => buildModel(m, catalog, { stringifyNumerics: true })).toThrow(MetadataError);
    expect(() => buildModel(m, catalog, { stringifyNumerics: true })).toThrow('cannot include "a.b.c" in the GraphQL schema because "a_b.c" is not a valid GraphQL identifier');
    const other = metadata({ functions: [{ function: { schema: 'a.b', name: 'c' }, permissions: [{ role: 'user' }] }] });
    await expect(build(other)).rejects.toThrow('cannot include "a.b.c" in the GraphQL schema because "a.b_c" is not a valid GraphQL identifier');
  });

  it('a public function whose name is not a GraphQL name is refused, custom name or not; a valid one loads', async () => {
    await db.exec(`CREATE FUNCTION "open-posts"() RETURNS SETOF post LANGUAGE sql STABLE AS $$ SELECT * FROM post WHERE NOT hidden $$`);
    const tracked = (configuration?: { custom_name: string }) => metadata({ functions: [{ function: { schema: 'public', name: 'open-posts' }, configuration, permissions: [{ role: 'user' }] }] });
    await expect(build(tracked())).rejects.toThrow('cannot include "open-posts" in the GraphQL schema because "open-posts" is not a valid GraphQL identifier');
    await expect(build(tracked({ custom_name: 'open_posts' }))).rejects.toThrow(MetadataError);
    const user: EngineSession = { role: 'user', variables: { 'x-hasura-role': 'user' }, isAdmin: false };
    const valid = new Executor(await build(metadata({ functions: [{ function: { schema: 'public', name: 'visible_posts' }, permissions: [{ role: 'user' }] }] })), db);
    expect(JSON.parse(await valid.run(user, { query: '{ visible_posts(args: {search: "%"}) { title } }' }))).toEqual({ data: { visible_posts: [{ title: 'open' }] } });
  });

  it('a custom name or custom root field that is not a GraphQL name is refused at load, not on every request', async () => {
    // Hasura parses them as G.Name (Function/Cache.hs FunctionConfig): the metadata does not load.
    // A name starting with "__" is a valid G.Name that Hasura serves, but graphql-js (and the GraphQL
    // specification) reserve it for introspection: every role's schema would fail on every request.
    type Config = NonNullable<Metadata['functions'][number]['configuration']>;
    const tracked = (configuration: Config) => metadata({ functions: [{ function: { schema: 'public', name: 'visible_posts' }, configuration, permissions: [{ role: 'user' }] }] });
    const user: EngineSession = { role: 'user', variables: { 'x-hasura-role': 'user' }, isAdmin: false };
    for (const [configuration, name] of [
      [{ custom_name: 'open-posts' }, 'open-posts'],
      [{ custom_name: '1posts' }, '1posts'],
      [{ custom_name: 'pósts' }, 'pósts'],
      [{ custom_name: '' }, ''],
      [{ custom_name: '__posts' }, '__posts'],
      [{ custom_root_fields: { function: 'open posts' } }, 'open posts'],
      [{ custom_root_fields: { function_aggregate: '__agg' } }, '__agg'],
    ] as [Config, string][]) {
      const load = build(tracked(configuration));
      await expect(load, name).rejects.toThrow(MetadataError);
      await expect(build(tracked(configuration))).rejects.toThrow(`"${name}" is not a valid GraphQL name`);
    }
    // A function whose own name starts with "__" and has no custom name is refused alike.
    await db.exec(`CREATE FUNCTION "__posts"() RETURNS SETOF post LANGUAGE sql STABLE AS $$ SELECT * FROM post $$`);
    await expect(build(metadata({ functions: [{ function: { schema: 'public', name: '__posts' } }] }))).rejects.toThrow('"__posts" is not a valid GraphQL name');
    await expect(build(metadata({ functions: [{ function: { schema: 'public', name: '__posts' }, configuration: { custom_name: 'posts_all' } }] }))).resolves.toBeDefined();
    const custom = new Executor(await build(tracked({ custom_name: 'open_posts', custom_root_fields: { function_aggregate: 'open_posts_stats' } })), db);
    expect(JSON.parse(await custom.run(user, { query: '{ open_posts(args: {search: "%"}) { title } }' }))).toEqual({ data: { open_posts: [{ title: 'open' }] } });
  });
});

describe('function arguments of a row type', () => {
  it('are <type>_scalar row literals, whatever tracked table shares the type\'s name in another schema (Hasura mkFunctionArgScalarType)', async () => {
    // other.post is not tracked; public.post is. Matching by name alone took the argument for a
    // row of public.post (a String) while an untracked name gave the type's bare name.
    await db.exec(`
      CREATE SCHEMA other;
      CREATE TABLE other.post (id int, note text);
      CREATE FUNCTION posts_like(p other.post) RETURNS SETOF post LANGUAGE sql STABLE AS $$ SELECT * FROM post WHERE id = p.id $$;
      CREATE FUNCTION posts_after(p post) RETURNS SETOF post LANGUAGE sql STABLE AS $$ SELECT * FROM post WHERE id > p.id $$;`);
    const m = metadata({ functions: ['posts_like', 'posts_after'].map((name) => ({ function: { schema: 'public', name }, permissions: [{ role: 'user' }] })) });
    const model = await build(m);
    expect(model.functions.map((f) => [f.name, f.args.map((a) => a.scalar)])).toEqual([['posts_like', ['post_scalar']], ['posts_after', ['post_scalar']]]);
    const user: EngineSession = { role: 'user', variables: { 'x-hasura-role': 'user' }, isAdmin: false };
    const ex = new Executor(model, db);
    const answer = await ex.run(user, {
      query: 'query ($row: post_scalar!) { posts_like(args: {p: $row}) { id } posts_after(args: {p: "(1,x,true)"}) { id } t: __type(name: "posts_like_args") { inputFields { type { name } } } }',
      variables: { row: '(2,x)' },
    });
    expect(JSON.parse(answer)).toEqual({ data: { posts_like: [{ id: 2 }], posts_after: [{ id: 2 }], t: { inputFields: [{ type: { name: 'post_scalar' } }] } } });
  });
});

describe('tables named alike, "__" names and one-object _and/_or, on a real database with a role', () => {
  const user: EngineSession = { role: 'user', variables: { 'x-hasura-role': 'user' }, isAdmin: false };
  const open = { columns: '*' as const, filter: {} };
  const run = async (m: Metadata, query: string, variables?: Record<string, unknown>) =>
    JSON.parse(await new Executor(await build(m), db).run(user, { query, variables })) as { data?: Record<string, unknown>; errors?: { message: string; extensions?: { code?: string } }[] };

  beforeAll(async () => {
    // Schema "a" with a table "b.c", and schema "a.b" with a table "c": both spell a.b.c.
    await db.exec(`
      CREATE TABLE a."b.c" (id int PRIMARY KEY, label text NOT NULL);
      CREATE TABLE "a.b".c (id int PRIMARY KEY, label text NOT NULL);
      INSERT INTO a."b.c" VALUES (1, 'table b.c of schema a');
      INSERT INTO "a.b".c VALUES (1, 'table c of schema a.b');
      CREATE TABLE "__vault" (id int PRIMARY KEY, "__secret" text NOT NULL);
      INSERT INTO "__vault" VALUES (1, 'kept');`);
  });

  it('two tables whose schema and name spell the same are two tables, each answering its own rows; _exists finds the one named', async () => {
    const m = metadata({
      tables: [
        { table: { schema: 'a', name: 'b.c' }, configuration: { custom_name: 'in_a' }, select_permissions: [{ role: 'user', permission: open }] },
        { table: { schema: 'a.b', name: 'c' }, configuration: { custom_name: 'in_ab' }, select_permissions: [{ role: 'user', permission: { columns: '*', filter: { _exists: { _table: { schema: 'a', name: 'b.c' }, _where: { label: { _like: '%schema a' } } } } } }] },
      ],
    });
    expect(await run(m, '{ in_a { label } in_ab { label } }')).toEqual({ data: { in_a: [{ label: 'table b.c of schema a' }], in_ab: [{ label: 'table c of schema a.b' }] } });
    // The same filter naming the other spelling finds no row: it reads "a.b".c, whose label differs.
    const other = metadata({ tables: [{ table: { schema: 'a.b', name: 'c' }, configuration: { custom_name: 'in_ab' }, select_permissions: [{ role: 'user', permission: { columns: '*', filter: { _exists: { _table: { schema: 'a.b', name: 'c' }, _where: { label: { _like: '%schema a' } } } } } }] }] });
    expect(await run(other, '{ in_ab { label } }')).toEqual({ data: { in_ab: [] } });
  });

  it('a table or column named "__x" is refused at load; given valid custom names it is served to the role', async () => {
    const vault = (configuration?: NonNullable<Metadata['tables'][number]['configuration']>) => metadata({ tables: [{ table: { schema: 'public', name: '__vault' }, configuration, select_permissions: [{ role: 'user', permission: open }] }] });
    await expect(build(vault())).rejects.toThrow('cannot include "__vault" in the GraphQL schema');
    await expect(build(vault({ custom_name: 'vault' }))).rejects.toThrow('cannot include "__secret" in the GraphQL schema');
    expect(await run(vault({ custom_name: 'vault', column_config: { __secret: { custom_name: 'secret' } } }), '{ vault { id secret } }')).toEqual({ data: { vault: [{ id: 1, secret: 'kept' }] } });
  });

  it('where: {_and: {...}} is a list of one (GraphQL input coercion, as Hasura), literal or variable; null is not a list', async () => {
    const m = metadata({});
    const expected = { data: { post: [{ id: 1 }] } };
    expect(await run(m, '{ post(where: {_and: {id: {_eq: 1}}}) { id } }')).toEqual(expected);
    expect(await run(m, '{ post(where: {_or: {title: {_eq: "open"}}}) { id } }')).toEqual(expected);
    expect(await run(m, 'query ($w: post_bool_exp) { post(where: $w) { id } }', { w: { _and: { id: { _eq: 1 } } } })).toEqual(expected);
    expect(await run(m, 'query ($w: post_bool_exp) { post(where: $w) { id } }', { w: { _or: { id: { _eq: 2 } } } })).toEqual({ data: { post: [{ id: 2 }] } });
    for (const [query, message] of [
      ['{ post(where: {_or: null}) { id } }', 'expected a list, but found null'],
      ['{ post(where: {_and: null}) { id } }', 'expected a list, but found null'],
      ['{ post(where: {_not: null}) { id } }', "expected an object for type 'post_bool_exp', but found null"],
    ]) {
      const answer = await run(m, query);
      expect(answer.data, query).toBeUndefined();
      expect(answer.errors?.[0], query).toMatchObject({ message, extensions: { code: 'validation-failed' } });
    }
  });
});
