// Function permissions attacked with real access tokens (no admin secret), as Hasura decides them
// (Note [Function Permissions]): a tracked function exposed as a mutation reaches only roles given a
// function permission in metadata, however much of its table they may read; with
// HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS=false a query function too. A role without the
// permission finds no such field, in requests, subscriptions or introspection, and nothing is written.
// Data: Hasura's classes TestGraphQLMutationFunctions and TestGraphQLQueryFunctionPermissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askAs, refused, refusesForgedTokens, type Answer } from './attackClient';
import { readClass, startClassEngine, type ClassEngine, type FunctionGrant } from './runner';


const grant = (name: string, role: string): FunctionGrant => ({ function: { schema: 'public', name }, role });

describe('a VOLATILE function exposed as a mutation (permissions inferred, as by default)', () => {
  let engine: ClassEngine;
  beforeAll(async () => {
    engine = await startClassEngine('TestGraphQLMutationFunctions');
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
  });

  const scores = async () => {
    const r = await engine.post({ query: '{ user(order_by: {id: asc}) { score } }' }, {});
    return (r.body as { data: { user: { score: number }[] } }).data.user.map((u) => u.score);
  };
  const addToScore = 'mutation { add_to_score(args: {search: "Bla", increment: 100}) { name score } }';

  it('is refused to a role that may read its table but has no function permission, and writes nothing', async () => {
    await engine.useFunctionPermissions([]);
    const before = await scores();
    const t = await engine.token('anonymous');
    refused(await askAs(engine, t, addToScore), 'no mutations exist');
    refused(await askAs(engine, t, 'mutation { add_to_score_by_user_id(args: {id: 1}) { name } }'), 'no mutations exist');
    // Not reachable through the query root either, nor a subscription.
    refused(await askAs(engine, t, '{ add_to_score(args: {search: "Bla"}) { name } }'), "field 'add_to_score' not found in type: 'query_root'");
    refused(await askAs(engine, t, 'subscription { add_to_score(args: {search: "Bla"}) { name } }'), "field 'add_to_score' not found in type: 'subscription_root'");
    expect(await scores()).toEqual(before);
  });

  it('is not in the role\'s schema: introspection shows no mutation root and no function field', async () => {
    await engine.useFunctionPermissions([]);
    const t = await engine.token('anonymous');
    const a = await askAs(engine, t, '{ __schema { mutationType { name } queryType { fields { name } } } m: __type(name: "mutation_root") { name } args: __type(name: "add_to_score_args") { name } }');
    const schema = a.data?.__schema as { mutationType: unknown; queryType: { fields: { name: string }[] } };
    expect(schema.mutationType).toBeNull();
    expect(a.data?.m).toBeNull();
    expect(a.data?.args).toBeNull();
    // The query function (volatile_func1, exposed_as: query) is inferred from the table's select permission.
    expect(schema.queryType.fields.map((f) => f.name).sort()).toEqual(['user', 'volatile_func1']);
  });

  it('runs for a role given the permission, with only the columns its select permission lists', async () => {
    await engine.reset();
    await engine.useFunctionPermissions([grant('add_to_score', 'anonymous')]);
    const t = await engine.token('anonymous');
    expect(await askAs(engine, t, 'mutation { add_to_score(args: {search: "Black"}) { name score } }'))
      .toEqual({ data: { add_to_score: [{ name: 'Dora Black', score: 51 }] } });
    refused(await askAs(engine, t, 'mutation { add_to_score(args: {search: "Black"}) { role_echo } }'), "field 'role_echo' not found in type: 'user'");
    // The session argument is filled by the engine from the token, never from the request.
    refused(await askAs(engine, t, 'mutation { add_to_score(args: {search: "Black", hasura_session: "{}"}) { name } }'), "field 'hasura_session' not found in type: 'add_to_score_args'");
    // The other function needs its own permission.
    refused(await askAs(engine, t, 'mutation { add_to_score_by_user_id(args: {id: 1}) { name } }'), "field 'add_to_score_by_user_id' not found in type: 'mutation_root'");
    // Another role, or a role the token does not carry, gets nothing.
    refused(await askAs(engine, await engine.token('editor'), addToScore), 'no mutations exist');
  });

  it('refuses wrong argument types, oversized input and forged tokens without writing', async () => {
    await engine.reset();
    await engine.useFunctionPermissions([grant('add_to_score', 'anonymous')]);
    const before = await scores();
    const t = await engine.token('anonymous');
    // A function argument is read by the column parser (Hasura): a string goes to Postgres, which refuses it.
    const wrongType = await askAs(engine, t, 'mutation { add_to_score(args: {search: "Bla", increment: "lots"}) { name } }');
    expect(wrongType.data ?? null).toBeNull();
    expect(wrongType.errors?.[0]).toMatchObject({ extensions: { code: 'data-exception' }, message: expect.stringMatching(/invalid input syntax for type integer/) });
    const wrongShape = await askAs(engine, t, 'mutation { add_to_score(args: {search: "Bla", increment: true}) { name } }');
    expect(wrongShape.data ?? null).toBeNull();
    expect(wrongShape.errors?.[0]?.extensions.code).toBe('validation-failed');
    const viaVariable = await askAs(engine, t, 'mutation($i: Int) { add_to_score(args: {search: "Bla", increment: $i}) { name } }', { i: { _inc: 1 } });
    expect(viaVariable.data ?? null).toBeNull();
    expect(viaVariable.errors?.[0]?.extensions.code).toBe('validation-failed');
    const overflow = await askAs(engine, t, 'mutation($i: Int) { add_to_score(args: {search: "Bla", increment: $i}) { name } }', { i: 2 ** 31 });
    expect(overflow.data ?? null).toBeNull();
    expect(overflow.errors?.[0]?.extensions.code).toBeDefined();
    const huge = await engine.postAsClient({ query: addToScore.replace('"Bla"', `"${'x'.repeat(6_000_000)}"`) }, { authorization: `Bearer ${t}` });
    expect(huge.status).toBe(413);
    expect((huge.body as Answer).errors?.[0]?.extensions.code).toBe('request-too-large');
    const forged = await engine.token('anonymous', {}, 'forged');
    const f = await askAs(engine, forged, addToScore);
    expect(f.data ?? null).toBeNull();
    expect(f.errors?.[0]?.extensions.code).toBe('invalid-jwt');
    expect(await scores()).toEqual(before);
  });

  it('a permitted role\'s token forged (another key, alg none, claims edited, expired, a role not allowed) writes nothing; the genuine one writes once', async () => {
    await engine.reset();
    await engine.useFunctionPermissions([grant('add_to_score', 'anonymous')]);
    const before = await scores();
    await refusesForgedTokens(engine, 'anonymous', {}, addToScore);
    // Only the genuine call added its 100 (to the users named like "Bla").
    const after = await scores();
    expect(after.map((s, i) => s - before[i]).filter((d) => d !== 0).every((d) => d === 100)).toBe(true);
    expect(after).not.toEqual(before);
  });
});

describe('a STABLE query function with HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS=false', () => {
  let engine: ClassEngine;
  beforeAll(async () => {
    engine = await startClassEngine('TestGraphQLQueryFunctionPermissions', undefined, readClass('TestGraphQLQueryFunctionPermissions').info.engine);
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
  });
  const getArticles = '{ get_articles(args: {search: "art"}) { title } }';

  it('is not offered to a role that may read the table but has no function permission', async () => {
    await engine.useFunctionPermissions([]);
    const t = await engine.token('user', { 'x-hasura-user-id': '1' });
    refused(await askAs(engine, t, getArticles), "field 'get_articles' not found in type: 'query_root'");
    refused(await askAs(engine, t, 'subscription { get_articles(args: {search: "art"}) { title } }'), "field 'get_articles' not found in type: 'subscription_root'");
    const a = await askAs(engine, t, '{ __type(name: "query_root") { fields { name } } }');
    const names = (a.data?.__type as { fields: { name: string }[] }).fields.map((f) => f.name);
    expect(names).toContain('article');
    expect(names).not.toContain('get_articles');
    // The table itself stays readable under its own permission.
    expect(await askAs(engine, t, '{ article(order_by: {title: asc}) { title } }'))
      .toEqual({ data: { article: [{ title: 'Article 1' }, { title: 'Article 2' }, { title: 'Article 3' }] } });
  });

  it('answers a permitted role only the rows and columns the table\'s select permission allows', async () => {
    await engine.useFunctionPermissions([grant('get_articles', 'user')]);
    const t = await engine.token('user', { 'x-hasura-user-id': '1' });
    expect(await askAs(engine, t, '{ get_articles(args: {search: "art"}, order_by: {title: asc}) { title } }'))
      .toEqual({ data: { get_articles: [{ title: 'Article 1' }, { title: 'Article 2' }, { title: 'Article 3' }] } });
    refused(await askAs(engine, t, '{ get_articles(args: {search: "art"}) { id } }'), "field 'id' not found in type: 'article'");
    // A role the permission does not name still gets nothing.
    refused(await askAs(engine, await engine.token('guest'), getArticles), "field 'get_articles' not found in type: 'query_root'");
  });

  it('a permitted role\'s token forged in any way reads nothing through the function', async () => {
    await engine.useFunctionPermissions([grant('get_articles', 'user')]);
    await refusesForgedTokens(engine, 'user', { 'x-hasura-user-id': '1' }, getArticles);
  });
});
