// Two things Hasura allows that could leak data, attacked with real access tokens:
// - a role that may count rows but read no column (`columns: []`, aggregations allowed) counts
//   every permitted row, and has no way to a value: no nodes' columns, no distinct_on, no
//   count(columns:), no max/min, no column in where or order_by;
// - a column's value may come as a string Postgres parses (Hasura's parsePGValue): the role's row
//   filter still holds, and a string that is not a number is a data error, never SQL.
// Data: Hasura's class TestGraphQLQueryAggPermPostgresMSSQL (articles 1 and 2 by author 1,
// article 3 by author 2; user_with_filter sees its own author's articles).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askAs, refused, refusesForgedTokens, type Answer } from './attackClient';
import { startClassEngine, type ClassEngine } from './runner';

let engine: ClassEngine;
beforeAll(async () => {
  engine = await startClassEngine('TestGraphQLQueryAggPermPostgresMSSQL');
}, 120_000);
afterAll(async () => {
  await engine?.close();
});

const ask = (token: string, query: string, variables?: Record<string, unknown>) => askAs(engine, token, query, variables);

describe('a role that may count but read no column', () => {
  it('counts every row its filter permits (the row limit bounds nodes, not the count)', async () => {
    const t = await engine.token('role_without_access_to_cols');
    expect(await ask(t, '{ article_aggregate { aggregate { count } } }')).toEqual({ data: { article_aggregate: { aggregate: { count: 3 } } } });
  });

  it('reaches no value of any column', async () => {
    const t = await engine.token('role_without_access_to_cols');
    refused(await ask(t, '{ article_aggregate { nodes { title } } }'), "field 'title' not found in type: 'article'");
    refused(await ask(t, '{ article { id } }'), "field 'id' not found in type: 'article'");
    refused(await ask(t, '{ article(distinct_on: [title]) { __typename } }'), "'article' has no argument named 'distinct_on'");
    refused(await ask(t, '{ article_aggregate { aggregate { count(columns: [title], distinct: true) } } }'), "'count' has no argument named 'columns'");
    refused(await ask(t, '{ article_aggregate { aggregate { max { id } } } }'), "field 'max' not found in type: 'article_aggregate_fields'");
    // A filter or an order on a hidden column would tell its values by the count.
    refused(await ask(t, '{ article_aggregate(where: {title: {_eq: "Article 1"}}) { aggregate { count } } }'), "field 'title' not found in type: 'article_bool_exp'");
    refused(await ask(t, '{ article_aggregate(where: {author_id: {_eq: "1"}}) { aggregate { count } } }'), "field 'author_id' not found in type: 'article_bool_exp'");
    refused(await ask(t, '{ article(order_by: {id: asc}, limit: 1) { __typename } }'), /order_by|not found/);
  });

  it('a forged token counts nothing', async () => {
    const t = await engine.token('role_without_access_to_cols', {}, 'forged');
    refused(await ask(t, '{ article_aggregate { aggregate { count } } }'), /Could not verify JWT/, 'invalid-jwt');
    await refusesForgedTokens(engine, 'role_without_access_to_cols', {}, '{ article_aggregate { aggregate { count } } }');
    await refusesForgedTokens(engine, 'user_with_filter', { 'x-hasura-user-id': '1' }, '{ article { id title } }');
  });
});

describe('column values given as strings', () => {
  const articles = (a: Answer) => (a.data?.article as { id: number }[] | undefined)?.map((r) => r.id);

  it('compare as numbers, and the role\'s row filter still holds', async () => {
    const u1 = await engine.token('user_with_filter', { 'x-hasura-user-id': '1' });
    expect(articles(await ask(u1, '{ article(where: {id: {_in: ["1", "2", "3"]}}, order_by: {id: asc}) { id } }'))).toEqual([1, 2]);
    expect(articles(await ask(u1, '{ article(where: {author_id: {_eq: "2"}}) { id } }'))).toEqual([]);
    expect(articles(await ask(u1, 'query($id: Int) { article(where: {id: {_gte: $id}}, order_by: {id: asc}) { id } }', { id: '2' }))).toEqual([2]);
  });

  it('that are not numbers are a data error, not SQL, and read nothing', async () => {
    const u1 = await engine.token('user_with_filter', { 'x-hasura-user-id': '1' });
    for (const bad of ['1 OR 1=1', "1'; DELETE FROM article; --", '', '9'.repeat(100_000)]) {
      refused(await ask(u1, 'query($id: Int) { article(where: {id: {_eq: $id}}) { id } }', { id: bad }), /integer|out of range/, 'data-exception');
    }
    // A string where no column's value goes (limit) is refused before the database.
    refused(await ask(u1, 'query($n: Int) { article(limit: $n) { id } }', { n: '1' }), 'expecting Integer value for "limit"');
    const admin = (await engine.post({ query: '{ article_aggregate { aggregate { count } } }' }, {})).body as Answer;
    expect(admin.data).toEqual({ article_aggregate: { aggregate: { count: 3 } } });
  });
});
