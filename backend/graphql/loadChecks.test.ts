// Metadata Hasura refuses when it loads, refused by the engine at load too (never a schema that
// fails on every request, never one field silently replacing another): root fields given one
// name twice, `_and`/`_or` given one object, names GraphQL cannot serve, hostile values.
// Hand-written catalogue and metadata: no database.
import { printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { testCatalog, testMetadata } from './__fixtures__/model';
import type { Catalog, CatalogFunction, CatalogTable } from './catalog';
import { tableKey } from './catalog';
import { MetadataError, type FunctionMeta, type Metadata, type TableMeta } from './metadata';
import { buildModel, type Model } from './model';
import { RoleSchemaBuilder } from './schema/build';
import { predictedTypeNames } from './typeNames';

const fn = (name: string, volatility: CatalogFunction['volatility'] = 's'): CatalogFunction => ({
  schema: 'public', name, argNames: [], argTypes: [], argTypnames: [], argTypeKinds: [], argsWithDefault: 0,
  returnsSet: true, returnSchema: 'public', returnTypname: 'posts', returnsTable: true, volatility,
});
const catalog = (...fns: CatalogFunction[]): Catalog => {
  const c = testCatalog();
  for (const f of fns) c.functions.set(tableKey(f.schema, f.name), f);
  return c;
};
const build = (m: Metadata, c: Catalog = catalog(fn('search_posts'), fn('bump_posts', 'v'))): Model => buildModel(m, c, { stringifyNumerics: true });
const table = (m: Metadata, name: string): TableMeta => m.tables.find((t) => t.table.name === name)!;
/** Adds to a table's configuration (users keeps its custom name for the column 'odd "col'). */
const configure = (m: Metadata, name: string, cfg: NonNullable<TableMeta['configuration']>) => {
  const t = table(m, name);
  t.configuration = { ...t.configuration, ...cfg };
};
const sdl = (model: Model, role = 'admin') => printSchema(new RoleSchemaBuilder(model, role, false).build());
const refuses = (make: () => unknown, message: string) => {
  expect(make).toThrow(MetadataError);
  expect(make).toThrow(message);
};
const tail = '. Fields must not be defined more than once across all sources.';

describe('two root fields with one name (Hasura: conflicting definitions)', () => {
  it("a function's custom name equal to a table's select root field is refused, not served in its place", () => {
    const m = testMetadata();
    m.functions.push({ function: { schema: 'public', name: 'search_posts' }, configuration: { custom_root_fields: { function: 'users' } } });
    refuses(() => build(m), `Encountered conflicting definitions in the selection set for 'subscription_root' for field 'users' defined in [function search_posts in source default, table users in source default]${tail}`);
  });

  it("a function's default name, custom root field or aggregate equal to a table's by_pk / aggregate root field is refused", () => {
    const cases: [Metadata['functions'][number]['configuration'], string, string][] = [
      [{ custom_root_fields: { function: 'posts_by_pk' } }, 'posts_by_pk', 'posts'],
      [{ custom_root_fields: { function_aggregate: 'users_aggregate' } }, 'users_aggregate', 'users'],
      [{ custom_name: 'posts' }, 'posts', 'posts'],
      // The function's own aggregate (`<name>_aggregate`) against the table named `posts`.
      [{ custom_name: 'posts' }, 'posts_aggregate', 'posts'],
    ];
    for (const [configuration, field, owner] of cases) {
      const m = testMetadata();
      m.functions.push({ function: { schema: 'public', name: 'search_posts' }, configuration });
      expect(() => build(m), field).toThrow(new RegExp(`'${field}' defined in \\[function search_posts in source default, table ${owner} in source default\\]`));
    }
  });

  it("a table's custom root field equal to a function's default name is refused too", () => {
    const m = testMetadata();
    m.functions.push({ function: { schema: 'public', name: 'search_posts' } });
    configure(m, 'users', { custom_root_fields: { select_aggregate: 'search_posts_aggregate' } });
    refuses(() => build(m), `for field 'search_posts_aggregate' defined in [function search_posts in source default, table users in source default]${tail}`);
  });

  it('a mutation function named like an insert root field is refused in mutation_root', () => {
    const m = testMetadata();
    m.functions.push({ function: { schema: 'public', name: 'bump_posts' }, configuration: { custom_name: 'insert_users_one' } });
    refuses(() => build(m), `Encountered conflicting definitions in the selection set for 'mutation_root' for field 'insert_users_one' defined in [function bump_posts in source default, table users in source default]${tail}`);
  });

  it("two tables' custom root fields alike are refused (tests-py schema/duplication, track_table_with_conflicting_custom_root_node_names_fail)", () => {
    const m = testMetadata();
    configure(m, 'users', { custom_root_fields: { select_by_pk: 'posts' } });
    refuses(() => build(m), `Encountered conflicting definitions in the selection set for 'subscription_root' for field 'posts' defined in [table posts in source default, table users in source default]${tail}`);
  });

  it('a custom table name equal to another table: every mutation root field named, as Hasura (tests-py v1/set_table_configuration, fail_conflicting_custom_table_name)', () => {
    const m = testMetadata();
    configure(m, 'users', { custom_name: 'posts' });
    const origins = 'defined in [table posts in source default, table users in source default]';
    const fields = ['delete_posts_by_pk', 'delete_posts', 'update_posts_many', 'update_posts_by_pk', 'update_posts', 'insert_posts_one', 'insert_posts'];
    refuses(() => build(m), `Encountered conflicting definitions in the selection set for 'mutation_root' for fields: [${fields.map((f) => `'${f}' ${origins}`).join(', ')}]${tail}`);
  });

  it("a function's two custom root fields alike, or a table's, are refused with Hasura's text", () => {
    const m = testMetadata();
    m.functions.push({ function: { schema: 'public', name: 'search_posts' }, configuration: { custom_root_fields: { function: 'found', function_aggregate: 'found' } } });
    refuses(() => build(m), 'the following custom root field names are duplicated: "found" and "found"');
    const t = testMetadata();
    configure(t, 'users', { custom_root_fields: { select: 'people', select_aggregate: 'people', insert: 'add', delete: 'add', update: { name: 'people' } } });
    refuses(() => build(t), 'table "users": the following custom root field names are duplicated: people and add');
  });

  it('names differing only by case are different GraphQL names: they load and both are served', () => {
    const m = testMetadata();
    m.functions.push({ function: { schema: 'public', name: 'search_posts' }, configuration: { custom_name: 'Users' } });
    const s = sdl(build(m));
    expect(s).toMatch(/^\s+Users\(/m);
    expect(s).toMatch(/^\s+users\(/m);
  });

  it('a table or function listed twice is tracked once, as the last entry says (Hasura reads the lists into maps)', () => {
    const m = testMetadata();
    m.functions.push({ function: { schema: 'public', name: 'search_posts' } }, { function: { schema: 'public', name: 'search_posts' }, configuration: { custom_name: 'find_posts' } });
    m.tables.push({ table: { schema: 'public', name: 'users' }, configuration: { custom_column_names: { 'odd "col': 'odd' } }, select_permissions: [{ role: 'guest', permission: { columns: ['id'], filter: {} } }] });
    const model = build(m);
    expect(model.functions.map((f) => f.gqlName)).toEqual(['find_posts']);
    const users = model.tables.get('public.users')!;
    expect([...users.select.keys()]).toEqual(['guest']);
    expect(users.relationships.size).toBe(0);
    expect(users.columnsByGql.has('oddCol')).toBe(false);
    expect(users.columnsByGql.has('odd')).toBe(true);
  });

  it('a function exposed as a mutation has no aggregate root field (Hasura), so it cannot take a table\'s name either', () => {
    const m = testMetadata();
    m.functions.push({ function: { schema: 'public', name: 'bump_posts' } });
    const s = sdl(build(m));
    expect(s).toMatch(/^\s+bump_posts\(/m);
    expect(s).not.toContain('bump_posts_aggregate');
  });
});

describe('two GraphQL types with one name (Hasura: "Found conflicting definitions", graphql-engine issue 8844)', () => {
  it.each([
    ['posts_bool_exp', "another table's filter type"],
    ['posts_mutation_response', "another table's mutation answer"],
    ['uuid', 'the scalar of the id columns'],
    ['order_by', 'the ordering enum'],
    ['query_root', 'the query root'],
    ['String', 'a built-in scalar'],
  ])('a custom table name %j (%s) is refused at load with Hasura\'s text, not failing every request of a role', (name) => {
    const m = testMetadata();
    configure(m, 'users', { custom_name: name });
    refuses(() => build(m), `Found conflicting definitions for GraphQL type '${name}'.  The definition at `);
  });

  it('two tables alike under custom root fields are refused for their types', () => {
    const m = testMetadata();
    const roots = ['select', 'select_by_pk', 'select_aggregate', 'select_stream', 'insert', 'insert_one', 'update', 'update_by_pk', 'update_many', 'delete', 'delete_by_pk'];
    configure(m, 'users', { custom_name: 'posts', custom_root_fields: Object.fromEntries(roots.map((r) => [r, `people_${r}`])) });
    // Hasura's walk meets the two posts_bool_exp first: users' own, then, inside it, the filter of
    // users' relationship to posts.
    refuses(() => build(m), "Found conflicting definitions for GraphQL type 'posts_bool_exp'.  The definition at query_root.people_select.where.posts differs from the definitions at "
      + '[query_root.people_select.where._or, query_root.people_select.where._not, query_root.people_select.where._and, query_root.people_select.where].');
  });

  it('the names predicted at load cover every type of the admin schema, and an untouched fixture has no conflict', () => {
    const m = testMetadata();
    m.functions.push({ function: { schema: 'public', name: 'search_posts' } });
    const model = build(m);
    const predicted = predictedTypeNames(model);
    const types = Object.keys(new RoleSchemaBuilder(model, 'admin', false).build().getTypeMap()).filter((n) => !n.startsWith('__'));
    expect(types.length).toBeGreaterThan(40);
    expect(types.filter((n) => !predicted.has(n))).toEqual([]);
  });
});

describe('_and / _or of a permission take a list (Hasura: GBoolExp FromJSON, aeson list parser)', () => {
  const withFilter = (filter: unknown, kind: 'select' | 'insert' | 'update' = 'select') => {
    const m = testMetadata();
    const posts = table(m, 'posts');
    if (kind === 'select') posts.select_permissions = [{ role: 'user', permission: { columns: ['id'], filter: filter as Record<string, unknown> } }];
    if (kind === 'insert') posts.insert_permissions = [{ role: 'user', permission: { columns: ['title'], check: filter as Record<string, unknown> } }];
    if (kind === 'update') posts.update_permissions = [{ role: 'user', permission: { columns: ['title'], filter: {}, check: filter as Record<string, unknown> } }];
    return () => build(m);
  };

  it.each([
    [{ _and: { id: { _eq: 1 } } }, '_and: parsing [] failed, expected Array, but encountered Object'],
    [{ $or: { id: { _eq: 1 } } }, '$or: parsing [] failed, expected Array, but encountered Object'],
    [{ _or: null }, '_or: parsing [] failed, expected Array, but encountered Null'],
    [{ _and: 'X-Hasura-User-Id' }, '_and: parsing [] failed, expected Array, but encountered String'],
    [{ _and: [{ id: { _eq: 1 } }, 7] }, '_and: [1]: parsing boolean expression failed, expected Object, but encountered Number'],
    [{ _not: [{ id: { _eq: 1 } }] }, '_not: parsing boolean expression failed, expected Object, but encountered Array'],
    [{ _not: null }, '_not: parsing boolean expression failed, expected Object, but encountered Null'],
    [{ owner: true }, 'owner: parsing boolean expression failed, expected Object, but encountered Boolean'],
    [{ owner: { _or: { id: { _eq: 'X-Hasura-User-Id' } } } }, 'owner: _or: parsing [] failed, expected Array, but encountered Object'],
    [{ _exists: { _table: 'users', _where: { _and: { id: { _eq: 'X-Hasura-User-Id' } } } } }, '_exists: _where: _and: parsing [] failed'],
    [[{ id: { _eq: 1 } }], 'parsing boolean expression failed, expected Object, but encountered Array'],
  ])('select filter %j is refused', (filter, message) => {
    refuses(withFilter(filter), message);
  });

  it('an insert or update check with one object under _or is refused too; lists, empty lists and no update check load', () => {
    refuses(withFilter({ _or: { title: { _eq: 'x' } } }, 'insert'), 'insert permission of role "user" on public.posts (check): _or: parsing [] failed');
    refuses(withFilter({ _and: { title: { _eq: 'x' } } }, 'update'), 'update permission of role "user" on public.posts (check): _and: parsing [] failed');
    expect(withFilter({ _and: [], _or: [{ title: { _eq: 'x' } }], _not: { id: { _gt: 1 } } })).not.toThrow();
    expect(withFilter(null, 'update')).not.toThrow();
  });
});

describe('names GraphQL cannot serve (Hasura: G.Name; "__" reserved by GraphQL, refused as for functions)', () => {
  const withTable = (t: Partial<CatalogTable>, meta: Partial<TableMeta> = {}) => {
    const c = testCatalog();
    const base = c.tables.get('public.users')!;
    const odd: CatalogTable = { ...base, foreignKeys: [], ...t };
    c.tables.set(tableKey(odd.schema, odd.name), odd);
    const m = testMetadata();
    const configuration = { custom_column_names: { 'odd "col': 'oddCol' }, ...meta.configuration };
    m.tables.push({ table: { schema: odd.schema, name: odd.name }, select_permissions: [{ role: 'user', permission: { columns: '*', filter: {} } }], ...meta, configuration });
    return () => build(m, c);
  };
  const columns = testCatalog().tables.get('public.users')!.columns;

  it('a table named __x (or not a GraphQL name) is refused unless a valid custom name is given', () => {
    refuses(withTable({ name: '__secret' }), 'cannot include "__secret" in the GraphQL schema because "__secret" starts with "__"');
    refuses(withTable({ name: 'my-table' }), 'cannot include "my-table" in the GraphQL schema because "my-table" is not a valid GraphQL identifier');
    refuses(withTable({ schema: '__x', name: 'secret' }), 'cannot include "__x.secret" in the GraphQL schema because "__x_secret" starts with "__"');
    const model = withTable({ name: '__secret' }, { configuration: { custom_name: 'secret' } })();
    expect(sdl(model, 'user')).toMatch(/^type secret \{/m);
  });

  it.each([
    ['__people', '"__people" is not a valid GraphQL name'],
    ['1people', '"1people" is not a valid GraphQL name'],
    ['péople', '"péople" is not a valid GraphQL name'],
    ['', '"" is not a valid GraphQL name'],
    [42, '42 is not a valid GraphQL name'],
    [['people'], '["people"] is not a valid GraphQL name'],
  ])('a custom table name %j is refused', (name, message) => {
    const m = testMetadata();
    configure(m, 'users', { custom_name: name as string });
    refuses(() => build(m), `table "users": custom_name: ${message}`);
  });

  it('a column named __x is refused unless given a valid custom name; a custom column name __x or not a name is refused', () => {
    refuses(withTable({ name: 'notes', columns: [...columns, { ...columns[1], name: '__hidden' }] }), 'cannot include "__hidden" in the GraphQL schema');
    refuses(withTable({ name: 'notes', columns: [...columns, { ...columns[1], name: 'two words' }] }), 'cannot include "two words" in the GraphQL schema because "two words" is not a valid GraphQL identifier');
    const renamed = withTable({ name: 'notes', columns: [...columns, { ...columns[1], name: '__hidden' }] }, { configuration: { column_config: { __hidden: { custom_name: 'hidden' } }, custom_column_names: { 'odd "col': 'oddCol' } } })();
    expect(sdl(renamed, 'user')).toMatch(/type notes \{[^}]*\bhidden: String!/);
    refuses(withTable({ name: 'notes' }, { configuration: { column_config: { name: { custom_name: '__name' } } } }), 'table "notes": column "name": custom_name: "__name" is not a valid GraphQL name');
    refuses(withTable({ name: 'notes' }, { configuration: { custom_column_names: { name: 'full name' } } }), 'table "notes": column "name": custom_column_names: "full name" is not a valid GraphQL name');
  });

  it('a custom root field: a string that is not a name keeps the default (Hasura ignores it), "__x" and a bad object name are refused', () => {
    const m = testMetadata();
    configure(m, 'users', { custom_root_fields: { select: 'no-good', select_by_pk: null } });
    expect(build(m).tables.get('public.users')!.roots.select).toBe('users');
    for (const [value, message] of [
      ['__users', '"__users" is not a valid GraphQL name'],
      [{ name: 'no-good' }, '"no-good" is not a valid GraphQL name'],
      [{ name: 'people', comment: 5 }, 'comment: expected a string'],
      [5, 'parsing CustomRootField failed, expected Object, String or Null, but encountered Number'],
      [['people'], 'parsing CustomRootField failed, expected Object, String or Null, but encountered Array'],
    ] as const) {
      const t = testMetadata();
      configure(t, 'users', { custom_root_fields: { select: value as string } });
      refuses(() => build(t), `table "users": custom_root_fields.select: ${message}`);
    }
  });

  it('a very long valid name loads and is served', () => {
    const long = `t${'x'.repeat(5000)}`;
    const m = testMetadata();
    configure(m, 'users', { custom_name: long });
    expect(sdl(build(m))).toContain(`type ${long} {`);
  });
});

describe("a table's fields, one per name (Hasura: Cache/Fields.hs, assertNoDuplicateFieldNames)", () => {
  const withRel = (name: unknown, extra: Partial<TableMeta> = {}) => {
    const m = testMetadata();
    Object.assign(table(m, 'posts'), { object_relationships: [{ name, using: { foreign_key_constraint_on: 'owner_id' } }], ...extra });
    return () => build(m);
  };

  it.each([
    ['id', 'table "posts": relationship "id": field definition conflicts with postgres column'],
    ['my-owner', 'table "posts": relationship "my-owner": cannot include "my-owner" in the GraphQL schema because "my-owner" is not a valid GraphQL identifier'],
    ['__owner', 'table "posts": relationship "__owner": cannot include "__owner" in the GraphQL schema because "__owner" starts with "__"'],
    ['', 'table "posts": a relationship or computed field needs a name, found ""'],
    [null, 'table "posts": a relationship or computed field needs a name, found null'],
  ])('a relationship named %j is refused, not served in place of a column or breaking every schema', (name, message) => {
    refuses(withRel(name), message);
  });

  it('a relationship named like a column\'s custom name, two relationships alike, or two columns mapped to one name are refused', () => {
    refuses(withRel('headline', { configuration: { custom_column_names: { title: 'headline' } } }), 'table "posts": relationship "headline": field definition conflicts with custom field name for postgres column "title"');
    refuses(withRel('owner', { array_relationships: [{ name: 'owner', using: { manual_configuration: { remote_table: 'users', column_mapping: { owner_id: 'id' } } } }] }), 'table "posts": conflicting definitions for field "owner"');
    refuses(withRel('owner', { configuration: { custom_column_names: { title: 'secret' } } }), 'table "posts": the definitions of columns "title" and "secret" are in conflict: they are mapped to the same field name, "secret"');
    // Swapping two columns' names is no conflict.
    expect(withRel('owner', { configuration: { custom_column_names: { title: 'secret', secret: 'title' } } })).not.toThrow();
  });

  it('a field named like a filter operator or like an array relationship\'s aggregate field is refused, not served in its place', () => {
    refuses(withRel('owner', { configuration: { custom_column_names: { title: '_and' } } }), 'table "posts": field "_and" conflicts with the operator "_and" of the table\'s boolean expressions');
    refuses(withRel('_or'), 'table "posts": field "_or" conflicts with the operator "_or"');
    const m = testMetadata();
    configure(m, 'users', { custom_column_names: { 'odd "col': 'oddCol', name: 'posts_aggregate' } });
    refuses(() => build(m), 'table "users": field "posts_aggregate" conflicts with the aggregate field of the array relationship "posts"');
  });
});

describe('hostile table and function references', () => {
  it.each([
    [{ table: null }],
    [{ table: { schema: 'public', name: null } }],
    [{ table: { schema: 5, name: 'users' } }],
    [{ table: { name: ['users'] } }],
    [{ table: 7 }],
  ])('a table entry %j is refused with a metadata error, not a crash or another table', (entry) => {
    const m = testMetadata();
    m.tables.push(entry as unknown as TableMeta);
    expect(() => build(m)).toThrow(MetadataError);
  });

  it.each([[null], [{ schema: 'public' }], [{ name: 5 }], [['public', 'search_posts']]])('a function reference %j is refused with a metadata error', (ref) => {
    const m = testMetadata();
    m.functions.push({ function: ref as unknown as { schema: string; name: string } });
    expect(() => build(m)).toThrow(MetadataError);
  });

  it('a relationship to a table "x.users" in public never resolves to schema "x" table "users", nor the reverse', () => {
    const c = testCatalog();
    const users = c.tables.get('public.users')!;
    c.tables.set(tableKey('public', 'x.users'), { ...users, name: 'x.users' });
    c.tables.set(tableKey('public.x', 'users'), { ...users, schema: 'public.x' });
    expect(c.tables.size).toBe(4);
    const m = testMetadata();
    m.tables.push(
      { table: { schema: 'public', name: 'x.users' }, configuration: { custom_name: 'dotted_name', custom_column_names: { 'odd "col': 'odd' } } },
      { table: { schema: 'public.x', name: 'users' }, configuration: { custom_name: 'dotted_schema', custom_column_names: { 'odd "col': 'odd' } } },
    );
    table(m, 'posts').object_relationships = [{ name: 'owner', using: { manual_configuration: { remote_table: { schema: 'public.x', name: 'users' }, column_mapping: { owner_id: 'id' } } } }];
    const model = build(m, c);
    const owner = model.tables.get('public.posts')!.relationships.get('owner')!;
    expect(model.tables.get(owner.remoteKey)!.gqlName).toBe('dotted_schema');
    expect([...model.tables.values()].map((t) => t.gqlName).sort()).toEqual(['dotted_name', 'dotted_schema', 'posts', 'users']);
  });
});

describe('two GraphQL types with one name (Hasura: conflicting type definitions, Schema/Collect.hs)', () => {
  const column = (name: string, typname: string, sqlType = typname) => ({
    name, sqlType, typname, typtype: 'b', elemTypname: null, notNull: true, hasDefault: false, generated: false, enumValues: null,
  });
  const relation = (name: string, columns: ReturnType<typeof column>[], pk = false): CatalogTable => ({
    schema: 'public', name, kind: 'r', view: null, columns, uniques: [], foreignKeys: [],
    primaryKey: pk ? { name: `${name}_pkey`, columns: [columns[0].name] } : null,
  });
  /** posts(id pk, title, likes bigint) and tags(id, label), tags given `custom_name`. */
  const load = (customName: string, extra: { catalog?: CatalogTable[]; tables?: TableMeta[]; functions?: CatalogFunction[]; functionConfig?: FunctionMeta['configuration'] } = {}) => {
    const c: Catalog = { tables: new Map(), functions: new Map() };
    const tables = [
      relation('posts', [column('id', 'int4', 'integer'), column('title', 'text'), column('likes', 'int8', 'bigint')], true),
      relation('tags', [column('id', 'int4', 'integer'), column('label', 'text')]),
      ...(extra.catalog ?? []),
    ];
    for (const t of tables) c.tables.set(tableKey(t.schema, t.name), t);
    for (const f of extra.functions ?? []) c.functions.set(tableKey(f.schema, f.name), f);
    const m: Metadata = {
      tables: [{ table: { schema: 'public', name: 'posts' } }, { table: { schema: 'public', name: 'tags' }, configuration: { custom_name: customName } }, ...(extra.tables ?? [])],
      functions: (extra.functions ?? []).map((f) => ({ function: { schema: f.schema, name: f.name }, configuration: extra.functionConfig })),
    };
    return () => build(m, c);
  };

  it("a table custom-named like another table's bool_exp is refused with Hasura's whole text, not failing every role's schema", () => {
    refuses(load('posts_bool_exp'), [
      "Found conflicting definitions for GraphQL type 'posts_bool_exp'.  The definition at query_root.posts_bool_exp differs from the definitions at "
        + '[query_root.posts_aggregate.where, query_root.posts.where._or, query_root.posts.where._not, query_root.posts.where._and, query_root.posts.where].',
      'Former has definition:',
      '"columns and relationships of \\"tags\\"" ',
      'type posts_bool_exp { id: Int!',
      '  label: String!',
      '}',
      'Latter has definition:',
      '"Boolean expression to filter rows from the table \\"posts\\". All fields are combined with a logical \'AND\'." ',
      'input posts_bool_exp {_and: [posts_bool_exp!]',
      '  _not: posts_bool_exp',
      '  _or: [posts_bool_exp!]',
      '  id: Int_comparison_exp',
      '  likes: bigint_comparison_exp',
      '  title: String_comparison_exp',
      '}',
    ].join('\n'));
  });

  it('a table custom-named like a scalar (bigint) is refused where a bigint column first uses it', () => {
    refuses(load('bigint'), [
      "Found conflicting definitions for GraphQL type 'bigint'.  The definition at query_root.posts.where.likes._eq differs from the definitions at [query_root.bigint_aggregate.nodes, query_root.bigint].",
      'Former has definition:',
      'scalar bigint',
      'Latter has definition:',
      '"columns and relationships of \\"tags\\"" ',
      'type bigint { id: Int!',
    ].join('\n'));
  });

  it("a conflict first met in mutation_root is named there (a table custom-named like another's mutation response)", () => {
    refuses(load('posts_mutation_response'), "Found conflicting definitions for GraphQL type 'posts_mutation_response'.  The definition at mutation_root.delete_posts differs from the definitions at [query_root.posts_mutation_response_aggregate.nodes, query_root.posts_mutation_response].\nFormer has definition:\n\"response of any mutation on the table \\\"posts\\\"\" \ntype posts_mutation_response { ");
  });

  it("a table custom-named like a function's arguments type is refused", () => {
    const search = {
      ...fn('search_posts'), argNames: ['q'], argTypes: ['text'], argTypnames: ['text'], argTypeKinds: ['b'],
    };
    refuses(load('search_posts_args', { functions: [search] }), "Found conflicting definitions for GraphQL type 'search_posts_args'.");
  });

  it("a function's arguments type keeps its name under a custom root field (Hasura: getFunctionArgsGQLName), and a conflict is found under that name", () => {
    const search = { ...fn('search_posts'), argNames: ['q'], argTypes: ['text'], argTypnames: ['text'], argTypeKinds: ['b'] };
    const renamed = { functions: [search], functionConfig: { custom_root_fields: { function: 'find_posts', function_aggregate: 'find_posts_stats' } } };
    // Served as Nhost Cloud serves it: a client's `$args: search_posts_args!` works on both.
    const s = sdl(load('labels', renamed)());
    expect(s).toMatch(/^\s+args: search_posts_args!$/m);
    expect(s).toMatch(/^input search_posts_args \{/m);
    expect(s).not.toMatch(/find_posts_args/);
    refuses(load('search_posts_args', renamed), "Found conflicting definitions for GraphQL type 'search_posts_args'.");
    // The custom root field's name makes no type, so a table may take `find_posts_args`.
    expect(sdl(load('find_posts_args', renamed)())).toMatch(/^type find_posts_args \{/m);
    // A custom name does name it.
    expect(sdl(load('labels', { ...renamed, functionConfig: { custom_name: 'lookup' } })())).toMatch(/^input lookup_args \{/m);
  });

  it('a name that only could collide (posts has no jsonb column, so no posts_delete_key_input) loads, and both tables are served', () => {
    const s = sdl(load('posts_delete_key_input')());
    expect(s).toMatch(/^type posts_delete_key_input \{/m);
    expect(s).toMatch(/^type posts \{/m);
  });

  it('two types Hasura counts as one (same kind, same field names) are refused: the engine cannot serve two types with one name', () => {
    const notes = relation('notes', [column('body', 'text')]);
    const lookalike = relation('lookalike', [column('count', 'int4', 'integer'), column('max', 'text'), column('min', 'text')]);
    const make = load('tags', {
      catalog: [notes, lookalike],
      tables: [{ table: { schema: 'public', name: 'notes' } }, { table: { schema: 'public', name: 'lookalike' }, configuration: { custom_name: 'notes_aggregate_fields' } }],
    });
    refuses(make, "GraphQL type 'notes_aggregate_fields' is made twice, with the same field names: Hasura serves one definition for both");
  });
});

describe('a relationship to a table that is not tracked (Hasura: inconsistent metadata, Cache/Dependencies.hs)', () => {
  const withRelationships = (rels: Pick<TableMeta, 'object_relationships' | 'array_relationships'>, untracked: string[] = []) => {
    const c = testCatalog();
    // drafts exists in the database but is not tracked.
    c.tables.set('public.drafts', { ...c.tables.get('public.posts')!, name: 'drafts', foreignKeys: [] });
    const m = testMetadata();
    m.tables = m.tables.filter((t) => !untracked.includes(t.table.name));
    Object.assign(table(m, 'posts'), rels);
    return () => build(m, c);
  };
  const manual = (remote: string, mapping: Record<string, string> = { id: 'id' }) => ({ manual_configuration: { remote_table: { schema: 'public', name: remote }, column_mapping: mapping } });

  it.each([
    ['an object relationship to a table in no schema', { object_relationships: [{ name: 'owner', using: manual('people') }] }, 'table "posts": relationship "owner": table "people" is not tracked'],
    ['an array relationship to an untracked table', { array_relationships: [{ name: 'drafts', using: manual('drafts') }] }, 'table "posts": relationship "drafts": table "drafts" is not tracked'],
    ['a mapping to a column the remote table lacks', { object_relationships: [{ name: 'owner', using: manual('users', { owner_id: 'nope' }) }] }, 'table "posts": relationship "owner": table "users" has no field named "nope"'],
    ['a mapping from a column the table lacks', { array_relationships: [{ name: 'twins', using: manual('posts', { nope: 'id' }) }] }, 'table "posts": relationship "twins": table "posts" has no field named "nope"'],
  ])('%s is refused at load, not failing when queried', (_what, rels, message) => {
    refuses(withRelationships(rels as Pick<TableMeta, 'object_relationships'>), message);
  });

  it("a foreign-key relationship to a table that is no longer tracked is refused too (Hasura's dependency on the remote table)", () => {
    refuses(withRelationships({}, ['users']), 'table "posts": relationship "owner": table "users" is not tracked');
    const m = testMetadata();
    table(m, 'posts').object_relationships = [];
    m.tables = m.tables.filter((t) => t.table.name !== 'posts');
    refuses(() => build(m), 'table "users": relationship "posts": table "posts" is not tracked');
  });

  it('manual relationships to tracked tables and columns load and are served', () => {
    const model = withRelationships({ object_relationships: [{ name: 'writer', using: manual('users', { owner_id: 'id' }) }] })();
    expect(sdl(model)).toMatch(/^\s+writer: users$/m);
  });
});
