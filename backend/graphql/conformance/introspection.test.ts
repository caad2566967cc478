// The assertions Hasura's test_graphql_introspection.py makes in Python on answers its test files
// give no expected response for (hasura.test.ts checks those cases' status only, as check_query
// does): the same requests, from the converted classes, and the same checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readClass, startClassEngine, type ClassEngine, type GraphqlBody } from './runner';
import { openSharedDatabase, type SharedDatabase } from './sharedDb';

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface Field {
  name: string;
  type: TypeRef;
  args: { name: string; type: TypeRef }[];
}
interface SchemaAnswer {
  data: { __schema: { types: { name: string; fields: Field[] | null }[]; directives: { name: string; isRepeatable: boolean }[] } };
}

/** tests-py's getTypeNameFromType: the named type under any list and non-null wrappers. */
const typeName = (t: TypeRef): string | null => t.name ?? (t.ofType ? typeName(t.ofType) : null);

let shared: SharedDatabase;
beforeAll(async () => {
  shared = await openSharedDatabase();
}, 120_000);
afterAll(async () => {
  await shared?.close();
});

/** Runs a class's case (by file) on its own engine, as admin, and returns the answer. */
function classAnswers(name: string) {
  const { cases } = readClass(name);
  let engine: ClassEngine;
  beforeAll(async () => {
    engine = await startClassEngine(name, undefined, {}, shared, { resettable: false });
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
  });
  return async (file: string): Promise<SchemaAnswer> => {
    const c = cases.find((x) => x.file === file);
    if (!c) throw new Error(`${name} has no case ${file}`);
    const r = await engine.post(c.query as GraphqlBody, c.headers);
    expect(r.status).toBe(c.status);
    return r.body as SchemaAnswer;
  };
}

describe('TestGraphqlIntrospection', () => {
  const answer = classAnswers('TestGraphqlIntrospection');

  it('test_introspection: a manual object relationship is nullable, one on a NOT NULL foreign key is not', async () => {
    const article = (await answer('introspection.yaml')).data.__schema.types.find((t) => t.name === 'article');
    const field = (n: string) => article?.fields?.find((f) => f.name === n);
    expect(field('author_obj_rel_manual')?.type.kind).toBe('OBJECT');
    expect(field('author_obj_rel_fk')?.type.kind).toBe('NON_NULL');
  });

  it('test_introspection_directive_is_repeatable: no directive is repeatable', async () => {
    const directives = (await answer('introspection_directive_is_repeatable.yaml')).data.__schema.directives;
    expect(directives.length).toBeGreaterThan(0);
    for (const d of directives) expect(d.isRepeatable, d.name).toBe(false);
  });
});

describe('TestGraphqlIntrospectionWithCustomTableName', () => {
  const answer = classAnswers('TestGraphqlIntrospectionWithCustomTableName');

  it('test_introspection: the root fields and their types take the custom name', async () => {
    const types = (await answer('introspection.yaml')).data.__schema.types;
    const root = (n: string) => types.find((t) => t.name === n)?.fields ?? [];
    const field = (fields: Field[], n: string) => {
      const f = fields.find((x) => x.name === n);
      expect(f, n).toBeDefined();
      return f as Field;
    };
    const query = root('query_root');
    const select = field(query, 'user_address');
    const argType = (f: Field, a: string) => typeName(f.args.find((x) => x.name === a)!.type);
    expect([argType(select, 'distinct_on'), argType(select, 'order_by'), argType(select, 'where')]).toEqual(['user_address_select_column', 'user_address_order_by', 'user_address_bool_exp']);
    expect(typeName(field(query, 'user_address_aggregate').type)).toBe('user_address_aggregate');
    expect(typeName(field(query, 'user_address_by_pk').type)).toBe('user_address');
    const mutation = root('mutation_root');
    const insert = field(mutation, 'insert_user_address');
    expect(typeName(insert.type)).toBe('user_address_mutation_response');
    // Python looks for an `object` argument on insert_user_address, which has `objects`; insert_one has it.
    expect(typeName(field(mutation, 'insert_user_address_one').args.find((x) => x.name === 'object')!.type)).toBe('user_address_insert_input');
    expect(typeName(field(mutation, 'update_user_address_by_pk').type)).toBe('user_address');
  });
});
