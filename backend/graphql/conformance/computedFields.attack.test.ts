// Computed fields and tracked functions attacked with real access tokens (no admin secret): each
// role reaches only the computed fields its select permission lists, through the rows its filter
// allows, in selections, `where` and `order_by`; wrong types, the row argument and forged tokens
// are refused. Data: Hasura's computed_fields class (classes/TestGraphQLQueryComputedFields).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClassEngine, type ClassEngine } from './runner';

let engine: ClassEngine;
beforeAll(async () => {
  engine = await startClassEngine('TestGraphQLQueryComputedFields');
}, 120_000);
afterAll(async () => {
  await engine?.close();
});

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions: { code: string } }[];
}

async function ask(token: string, query: string, variables?: Record<string, unknown>): Promise<Answer> {
  const r = await engine.postAsClient({ query, variables }, { authorization: `Bearer ${token}` });
  expect(r.status).toBe(200);
  return r.body as Answer;
}
const refused = (a: Answer, message: string) => {
  expect(a.data ?? null).toBeNull();
  expect(a.errors?.[0]?.message).toBe(message);
};

describe('role user (author filter id = X-Hasura-User-Id, computed field full_name only)', () => {
  it('reads its own row and its computed fields, never another author through them', async () => {
    const t = await engine.token('user', { 'x-hasura-user-id': '1' });
    expect(await ask(t, '{ author { full_name get_articles(args: {search: "Article"}) { id } } }'))
      .toEqual({ data: { author: [{ full_name: 'Roger Chris', get_articles: [{ id: 1 }] }] } });
    // Filtering or sorting by a computed field does not widen the row filter.
    expect(await ask(t, '{ author(where: {full_name: {_ilike: "%Daniel%"}}) { full_name } }')).toEqual({ data: { author: [] } });
    expect(await ask(t, '{ author(order_by: {full_name: desc}) { full_name } }')).toEqual({ data: { author: [{ full_name: 'Roger Chris' }] } });
  });

  it('refuses a computed field with arguments in where, the row argument, and wrong types', async () => {
    const t = await engine.token('user', { 'x-hasura-user-id': '1' });
    refused(await ask(t, '{ author(where: {get_articles: {id: {_eq: 2}}}) { full_name } }'), "field 'get_articles' not found in type: 'author_bool_exp'");
    refused(await ask(t, `{ author { get_articles(args: {search: "A", author_row: "(2,'Daniel',null)"}) { id } } }`), "field 'author_row' not found in type: 'get_articles_author_args'");
    const wrongType = await ask(t, '{ author { get_articles(args: {search: 5}) { id } } }');
    expect(wrongType.data ?? null).toBeNull();
    expect(wrongType.errors?.[0]?.extensions.code).toBe('validation-failed');
    const viaVariable = await ask(t, 'query($s: String!) { author { get_articles(args: {search: $s}) { id } } }', { s: { _or: [] } });
    expect(viaVariable.data ?? null).toBeNull();
    expect(viaVariable.errors?.[0]?.extensions.code).toBe('validation-failed');
    // A session-argument computed field on a table the role cannot read is not there at all.
    refused(await ask(t, '{ float_test { sum_float_offset } }'), "field 'float_test' not found in type: 'query_root'");
  });

  it('refuses a request without the session variable its filter needs', async () => {
    const t = await engine.token('user');
    refused(await ask(t, '{ author { full_name } }'), 'missing session variable: "x-hasura-user-id"');
  });
});

describe('role public_role (first and last name, no computed fields)', () => {
  it('does not see full_name anywhere, nor article ids through get_articles', async () => {
    const t = await engine.token('public_role');
    refused(await ask(t, '{ author { full_name } }'), "field 'full_name' not found in type: 'author'");
    refused(await ask(t, '{ author(where: {full_name: {_eq: "Roger Chris"}}) { first_name } }'), "field 'full_name' not found in type: 'author_bool_exp'");
    refused(await ask(t, '{ author(order_by: {full_name: asc}) { first_name } }'), "field 'full_name' not found in type: 'author_order_by'");
    refused(await ask(t, '{ author { get_articles(args: {search: ""}) { id } } }'), "field 'id' not found in type: 'article'");
    expect(await ask(t, '{ author(order_by: {first_name: asc}) { get_articles(args: {search: "3"}) { title } } }'))
      .toEqual({ data: { author: [{ get_articles: [{ title: 'Article 3' }] }, { get_articles: [] }] } });
  });
});

describe('tokens', () => {
  it('refuses a token signed with another key', async () => {
    const forged = await engine.token('user', { 'x-hasura-user-id': '2' }, 'forged');
    const a = await ask(forged, '{ author { full_name } }');
    expect(a.data ?? null).toBeNull();
    expect(a.errors?.[0]?.extensions.code).toBe('invalid-jwt');
  });
});
