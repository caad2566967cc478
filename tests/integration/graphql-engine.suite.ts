// The GraphQL engine over HTTP, driven by the real Apollo Client (HttpLink) against a real backend
// serving backend/graphql/__fixtures__/project. Defined once, run on PGlite and on a server Postgres.
import path from 'node:path';
import { ApolloClient, CombinedGraphQLErrors, HttpLink, InMemoryCache, gql, type DocumentNode } from '@apollo/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../helpers/backend';
import type { RunningBackend } from '../../backend/server';

export const PROJECT = path.join(__dirname, '..', '..', 'backend', 'graphql', '__fixtures__', 'project');
const ADA = '11111111-1111-1111-1111-111111111111';
const BELA = '22222222-2222-2222-2222-222222222222';

type Headers = Record<string, string>;
interface GqlErr { message: string; extensions?: { code?: string } }

export function defineEngineSuite(name: string, databaseUrl: () => Promise<string | undefined>): void {
  describe(`GraphQL engine over HTTP with Apollo Client (${name})`, () => {
    let backend: RunningBackend;
    const admin = { 'x-hasura-admin-secret': 'nhost-admin-secret' };

    beforeAll(async () => {
      backend = await startTestBackend({ projectDir: PROJECT, databaseUrl: await databaseUrl(), applySeeds: false });
    });
    afterAll(async () => {
      await backend?.close();
    });

    const token = (sub: string, extra: Record<string, unknown> = {}, expiresIn = 600) =>
      backend.ctx.jwt.sign({ sub, 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['user', 'public'], 'x-hasura-default-role': 'user', 'x-hasura-user-id': sub, ...extra } }, expiresIn);

    function client(headers: Headers = {}) {
      return new ApolloClient({
        link: new HttpLink({ uri: `${backend.url}/v1/graphql`, headers }),
        cache: new InMemoryCache(),
      });
    }
    const asUser = async (sub: string, extra: Headers = {}) => client({ authorization: `Bearer ${await token(sub)}`, ...extra });

    async function query<T = Record<string, unknown>>(c: ApolloClient, q: DocumentNode, variables?: Record<string, unknown>) {
      const r = await c.query<T>({ query: q, variables, fetchPolicy: 'no-cache', errorPolicy: 'all' });
      return { data: r.data as T | undefined, errors: errorsOf(r.error) };
    }
    async function mutate<T = Record<string, unknown>>(c: ApolloClient, m: DocumentNode, variables?: Record<string, unknown>) {
      const r = await c.mutate<T>({ mutation: m, variables, fetchPolicy: 'no-cache', errorPolicy: 'all' });
      return { data: r.data as T | undefined, errors: errorsOf(r.error) };
    }
    function errorsOf(e: unknown): GqlErr[] {
      if (!e) return [];
      if (CombinedGraphQLErrors.is(e)) return e.errors as GqlErr[];
      throw e;
    }
    const post = async (body: unknown, headers: Headers = {}) => {
      const res = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown>; errors?: GqlErr[] } | unknown[] };
    };
    const articleCount = async () => Number((await backend.ctx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM public.articles')).rows[0].n);

    describe('queries and select permissions', () => {
      it('public sees only published rows, within its row limit and columns', async () => {
        const c = client();
        const r = await query<{ articles: { id: number; title: string; __typename: string }[] }>(c, gql`{ articles(order_by: {id: asc}) { id title } }`);
        expect(r.errors).toEqual([]);
        expect(r.data?.articles.map((a) => a.title)).toEqual(['Engines', 'Bartók']);
        expect(r.data?.articles[0].__typename).toBe('articles');
        const hidden = await query(c, gql`{ articles { id body } }`);
        expect(hidden.errors[0]).toMatchObject({ message: `field 'body' not found in type: 'articles'`, extensions: { code: 'validation-failed' } });
        const noAgg = await query(c, gql`{ articles_aggregate { aggregate { count } } }`);
        expect(noAgg.errors[0].message).toBe(`field 'articles_aggregate' not found in type: 'query_root'`);
      });

      it('a signed-in user sees published rows plus their own drafts, three levels deep', async () => {
        const r = await query<{ authors: { name: string; articles: { title: string; comments: { text: string }[] }[] }[] }>(
          await asUser(ADA),
          gql`{ authors(order_by: {name: asc}, where: {articles: {}}) { name articles(order_by: {id: asc}) { title comments(order_by: {id: asc}) { text } } } }`,
        );
        expect(r.errors).toEqual([]);
        expect(r.data?.authors).toEqual([
          { __typename: 'authors', name: 'Ada', articles: [
            { __typename: 'articles', title: 'Engines', comments: [{ __typename: 'comments', text: 'great' }, { __typename: 'comments', text: 'indeed' }] },
            { __typename: 'articles', title: 'Notes', comments: [] },
          ] },
          { __typename: 'authors', name: 'Béla', articles: [{ __typename: 'articles', title: 'Bartók', comments: [{ __typename: 'comments', text: 'szép' }] }] },
        ]);
      });

      it('filters with comparison, text, jsonb, relationship and logical operators', async () => {
        const c = client(admin);
        const titles = async (where: Record<string, unknown>) => {
          const r = await query<{ articles: { title: string }[] }>(c, gql`query($w: articles_bool_exp) { articles(where: $w, order_by: {id: asc}) { title } }`, { w: where });
          expect(r.errors).toEqual([]);
          return r.data?.articles.map((a) => a.title);
        };
        expect(await titles({ title: { _ilike: 'b%' } })).toEqual(['Bartók']);
        expect(await titles({ id: { _in: [1, 3] }, is_published: { _eq: true } })).toEqual(['Engines', 'Bartók']);
        expect(await titles({ _or: [{ rating: { _gt: '4' } }, { rating: { _is_null: true } }] })).toEqual(['Engines', 'Notes']);
        expect(await titles({ _not: { author: { name: { _eq: 'Ada' } } } })).toEqual(['Bartók', 'Draft 100%']);
        expect(await titles({ author: { profile: { _contains: { lang: 'hu' } } } })).toEqual(['Bartók', 'Draft 100%']);
        expect(await titles({ author: { profile: { _has_key: 'tags' } } })).toEqual(['Engines', 'Notes']);
        expect(await titles({ title: { _like: '%100\\%' } })).toEqual(['Draft 100%']);
        expect(await titles({ created_at: { _gte: '2024-01-03T00:00:00Z' }, comments: { text: { _regex: '^sz' } } })).toEqual(['Bartók']);
        expect(await titles({ comments_aggregate: { count: { predicate: { _gte: 2 } } } })).toEqual(['Engines']);
        expect(await titles({ comments_aggregate: { count: { predicate: { _eq: 1 }, filter: { text: { _eq: 'great' } } } } })).toEqual(['Engines']);
      });

      it('orders by related columns and aggregates, pages with limit/offset and distinct_on', async () => {
        const c = client(admin);
        const r = await query<{ byAuthor: { title: string }[]; byComments: { title: string }[]; page: { id: number }[]; distinct: { author_id: number }[] }>(c, gql`{
          byAuthor: articles(order_by: [{author: {name: desc}}, {id: asc}]) { title }
          byComments: articles(order_by: [{comments_aggregate: {count: desc}}, {id: desc}], limit: 2) { title }
          page: articles(order_by: {id: asc}, limit: 2, offset: 1) { id }
          distinct: articles(distinct_on: [author_id], order_by: [{author_id: asc}, {id: desc}]) { author_id }
        }`);
        expect(r.errors).toEqual([]);
        expect(r.data?.byAuthor.map((a) => a.title)).toEqual(['Bartók', 'Draft 100%', 'Engines', 'Notes']);
        expect(r.data?.byComments.map((a) => a.title)).toEqual(['Engines', 'Bartók']);
        expect(r.data?.page.map((a) => a.id)).toEqual([2, 3]);
        expect(r.data?.distinct.map((a) => a.author_id)).toEqual([1, 2]);
      });

      it('aggregates (count, distinct count, sum, avg, max) and relationship aggregates', async () => {
        const r = await query<{ articles_aggregate: { aggregate: Record<string, unknown>; nodes: { id: number }[] }; authors: { articles_aggregate: { aggregate: { count: number } } }[] }>(client(admin), gql`{
          articles_aggregate(where: {rating: {_is_null: false}}) {
            aggregate { count authors: count(columns: [author_id], distinct: true) sum { rating } avg { rating } max { title } }
            nodes { id }
          }
          authors(order_by: {id: asc}) { articles_aggregate { aggregate { count } } }
        }`);
        expect(r.errors).toEqual([]);
        const agg = r.data?.articles_aggregate.aggregate as { count: number; authors: number; sum: { rating: unknown }; avg: { rating: number }; max: { title: string } };
        expect(agg.count).toBe(3);
        expect(agg.authors).toBe(2);
        expect(Number(agg.sum.rating)).toBe(8.75);
        expect(Number(agg.avg.rating)).toBeCloseTo(2.9167, 3);
        expect(agg.max.title).toBe('Engines');
        expect(r.data?.articles_aggregate.nodes.map((n) => n.id)).toEqual([1, 3, 4]);
        expect(r.data?.authors.map((a) => a.articles_aggregate.aggregate.count)).toEqual([2, 2, 0]);
      });

      it('serves custom table, root-field and column names, _by_pk and bigint as strings', async () => {
        const r = await query<{ users: unknown[]; authors_by_pk: { userId: string; name: string }; articles_by_pk: { views: string; created_at: string } }>(client(admin), gql`{
          users { id displayName }
          authors_by_pk(id: 1) { name userId }
          articles_by_pk(id: 1) { views created_at }
        }`);
        expect(r.errors).toEqual([]);
        expect(r.data?.users).toEqual([]);
        expect(r.data?.authors_by_pk).toMatchObject({ name: 'Ada', userId: ADA });
        expect(r.data?.articles_by_pk).toMatchObject({ views: '9007199254740993', created_at: '2024-01-01T10:00:00+00:00' });
      });

      it('enum tables become GraphQL enums on the columns that reference them', async () => {
        const c = await asUser(ADA);
        const r = await query<{ articles: { title: string; kind: string }[]; article_kinds: { value: string }[] }>(c, gql`{ articles(where: {kind: {_eq: note}}) { title kind } article_kinds(order_by: {value: asc}) { value } }`);
        expect(r.errors).toEqual([]);
        expect(r.data?.articles).toEqual([{ __typename: 'articles', title: 'Notes', kind: 'note' }]);
        expect(r.data?.article_kinds.map((k) => k.value)).toEqual(['essay', 'note']);
        const bad = await query(c, gql`query($k: article_kinds_enum!) { articles(where: {kind: {_eq: $k}}) { id } }`, { k: 'poem' });
        expect(bad.errors[0].extensions?.code).toBe('validation-failed');
        const t = await query<{ __type: { enumValues: { name: string; description: string }[] } }>(c, gql`{ __type(name: "article_kinds_enum") { enumValues { name description } } }`);
        expect(t.data?.__type.enumValues).toEqual([
          { __typename: '__EnumValue', name: 'essay', description: 'An essay' },
          { __typename: '__EnumValue', name: 'note', description: 'A short note' },
        ]);
      });

      it('introspection shows each role only what it may use', async () => {
        const fields = async (c: ApolloClient) => {
          const r = await query<{ __type: { fields: { name: string }[] } }>(c, gql`{ __type(name: "articles") { name fields { name } } }`);
          return r.data?.__type.fields.map((f) => f.name).sort();
        };
        expect(await fields(client())).toEqual(['author', 'author_id', 'id', 'title']);
        expect(await fields(await asUser(ADA))).toContain('body');
        const schema = await query<{ __schema: { mutationType: { fields: { name: string }[] } | null } }>(client(), gql`{ __schema { mutationType { name fields { name } } } }`);
        expect(schema.data?.__schema.mutationType).toBeNull();
      });
    });

    describe('mutations and their permissions', () => {
      it('inserts with presets and the insert check; a failing check changes nothing', async () => {
        const c = await asUser(ADA);
        const ok = await mutate<{ insert_articles_one: { title: string; is_published: boolean; author: { name: string } } }>(c, gql`mutation { insert_articles_one(object: {title: "Fresh", author_id: 1}) { title is_published author { name } } }`);
        expect(ok.errors).toEqual([]);
        expect(ok.data?.insert_articles_one).toMatchObject({ title: 'Fresh', is_published: false, author: { name: 'Ada' } });
        const before = await articleCount();
        const denied = await mutate(c, gql`mutation { insert_articles(objects: [{title: "Mine", author_id: 1}, {title: "Not mine", author_id: 2}]) { affected_rows } }`);
        expect(denied.errors[0]).toMatchObject({ message: 'check constraint of an insert/update permission has failed', extensions: { code: 'permission-error' } });
        expect(await articleCount()).toBe(before);
        const preset = await mutate(c, gql`mutation { insert_articles_one(object: {title: "x", author_id: 1, is_published: true}) { id } }`);
        expect(preset.errors[0].message).toBe(`field 'is_published' not found in type: 'articles_insert_input'`);
      });

      it('updates only rows the filter allows and enforces the update check', async () => {
        const c = await asUser(ADA);
        const r = await mutate<{ update_articles: { affected_rows: number; returning: { title: string }[] } }>(c, gql`mutation { update_articles(where: {title: {_in: ["Notes", "Bartók"]}}, _set: {body: "edited"}) { affected_rows returning { title } } }`);
        expect(r.errors).toEqual([]);
        expect(r.data?.update_articles).toMatchObject({ affected_rows: 1, returning: [{ title: 'Notes' }] });
        const bad = await mutate(c, gql`mutation { update_articles_by_pk(pk_columns: {id: 2}, _set: {title: "forbidden words"}) { id } }`);
        expect(bad.errors[0].extensions?.code).toBe('permission-error');
        const row = await backend.ctx.db.query<{ title: string }>('SELECT title FROM public.articles WHERE id = 2');
        expect(row.rows[0].title).toBe('Notes');
      });

      it('runs jsonb operators and _inc through update_many in order', async () => {
        const r = await mutate<{ update_authors_many: { returning: { profile: Record<string, unknown> }[] }[] }>(client(admin), gql`mutation {
          update_authors_many(updates: [
            {where: {id: {_eq: 3}}, _append: {profile: {a: 1, b: 2}}},
            {where: {id: {_eq: 3}}, _delete_key: {profile: "a"}},
          ]) { affected_rows returning { profile } }
          update_articles(where: {id: {_eq: 3}}, _inc: {views: "5"}) { returning { views } }
        }`);
        expect(r.errors).toEqual([]);
        expect(r.data?.update_authors_many.map((x) => x.returning[0].profile)).toEqual([{ a: 1, b: 2 }, { b: 2 }]);
        expect(r.data).toMatchObject({ update_articles: { returning: [{ views: '10' }] } });
      });

      it('deletes under the delete filter', async () => {
        const c = await asUser(BELA);
        const r = await mutate<{ delete_articles: { affected_rows: number } }>(c, gql`mutation { delete_articles(where: {}) { affected_rows returning { title } } }`);
        expect(r.errors).toEqual([]);
        expect(r.data?.delete_articles).toMatchObject({ affected_rows: 1, returning: [{ title: 'Draft 100%' }] });
      });

      it('nested inserts and upserts (admin), in one transaction per request', async () => {
        const c = client(admin);
        const r = await mutate<{ insert_authors: { affected_rows: number; returning: { name: string; articles: { title: string; comments: { text: string }[] }[] }[] } }>(c, gql`mutation {
          insert_authors(objects: [{name: "Dora", articles: {data: [{title: "One", comments: {data: [{text: "c1"}]}}, {title: "Two"}]}}]) {
            affected_rows returning { name articles(order_by: {id: asc}) { title comments { text } } }
          }
        }`);
        expect(r.errors).toEqual([]);
        expect(r.data?.insert_authors.affected_rows).toBe(4);
        expect(r.data?.insert_authors.returning[0]).toMatchObject({ name: 'Dora', articles: [{ title: 'One', comments: [{ text: 'c1' }] }, { title: 'Two', comments: [] }] });
        const up = await mutate<{ insert_authors_one: { name: string } }>(c, gql`mutation { insert_authors_one(object: {userId: "${ADA}", name: "Ada L."}, on_conflict: {constraint: authors_user_id_key, update_columns: [name]}) { id name } }`);
        expect(up.errors).toEqual([]);
        expect(up.data?.insert_authors_one).toMatchObject({ id: 1, name: 'Ada L.' });
        const before = await articleCount();
        const rolledBack = await mutate(c, gql`mutation { a: insert_articles_one(object: {title: "kept?", author_id: 1}) { id } b: insert_articles_one(object: {title: "", author_id: 1}) { id } }`);
        expect(rolledBack.errors[0]).toMatchObject({ extensions: { code: 'constraint-violation' } });
        expect(rolledBack.errors[0].message).toMatch(/^Check constraint violation\. /);
        expect(await articleCount()).toBe(before);
        const fk = await mutate(c, gql`mutation { insert_articles_one(object: {title: "orphan", author_id: 999}) { id } }`);
        expect(fk.errors[0].message).toMatch(/^Foreign key violation\. /);
        const dup = await mutate(c, gql`mutation { insert_authors_one(object: {name: "dup", userId: "${BELA}"}) { id } }`);
        expect(dup.errors[0].message).toMatch(/^Uniqueness violation\. /);
      });
    });

    describe('sessions', () => {
      it('admin secret: wrong secret is denied; impersonation needs the session variables', async () => {
        const wrong = await post({ query: '{ articles { id } }' }, { 'x-hasura-admin-secret': 'nope' });
        expect(wrong.body).toEqual({ errors: [{ message: 'invalid x-hasura-admin-secret/x-hasura-access-key', extensions: { path: '$', code: 'access-denied' } }] });
        const missing = await post({ query: '{ articles { id } }' }, { ...admin, 'x-hasura-role': 'user' });
        expect(missing.body).toMatchObject({ errors: [{ message: 'missing session variable: "x-hasura-user-id"', extensions: { code: 'not-found' } }] });
        const impersonated = await post({ query: '{ articles(order_by: {id: asc}) { title } }' }, { ...admin, 'X-Hasura-Role': 'user', 'X-HASURA-USER-ID': BELA });
        expect((impersonated.body as { data: { articles: { title: string }[] } }).data.articles.map((a) => a.title)).toContain('Bartók');
      });

      it('JWT: requested role must be allowed; expired and forged tokens are rejected', async () => {
        const asPublic = await post({ query: '{ articles { body } }' }, { authorization: `Bearer ${await token(ADA)}`, 'x-hasura-role': 'public' });
        expect((asPublic.body as { errors: GqlErr[] }).errors[0].extensions?.code).toBe('validation-failed');
        const notAllowed = await post({ query: '{ articles { id } }' }, { authorization: `Bearer ${await token(ADA)}`, 'x-hasura-role': 'admin' });
        expect(notAllowed.body).toMatchObject({ errors: [{ message: 'Your requested role is not in allowed roles', extensions: { code: 'access-denied' } }] });
        const expired = await post({ query: '{ articles { id } }' }, { authorization: `Bearer ${await token(ADA, {}, -60)}` });
        expect(expired.body).toMatchObject({ errors: [{ message: 'Could not verify JWT: JWTExpired', extensions: { code: 'invalid-jwt' } }] });
        const t = await token(ADA);
        const forged = `${t.slice(0, t.lastIndexOf('.'))}.${'A'.repeat(43)}`;
        expect((await post({ query: '{ articles { id } }' }, { authorization: `Bearer ${forged}` })).body).toMatchObject({ errors: [{ extensions: { code: 'invalid-jwt' } }] });
      });
    });

    describe('bad input', () => {
      it('malformed GraphQL, unknown fields, wrong variable types', async () => {
        const expectCode = async (body: unknown, code: string, message?: string | RegExp, status = 200) => {
          const r = await post(body, admin);
          expect(r.status).toBe(status);
          const e = (r.body as { errors: GqlErr[] }).errors[0];
          expect(e.extensions?.code).toBe(code);
          if (message) expect(e.message).toMatch(message);
        };
        await expectCode({ query: '{ articles { id ' }, 'validation-failed', /^not a valid graphql query$/);
        await expectCode({ query: '{ nope { id } }' }, 'validation-failed', `field 'nope' not found in type: 'query_root'`);
        // A column's value may come as a string, which Postgres parses (Hasura's parsePGValue);
        // an Int that is no column's (limit) may not.
        await expectCode({ query: 'query($id: Int!) { articles_by_pk(id: $id) { id } }', variables: { id: 'one' } }, 'data-exception', /invalid input syntax for type integer/);
        await expectCode({ query: 'query($n: Int) { articles(limit: $n) { id } }', variables: { n: 'one' } }, 'validation-failed', 'expecting Integer value for "limit"');
        await expectCode({ query: 'query($id: Int!) { articles_by_pk(id: $id) { id } }' }, 'validation-failed', 'expecting a value for non-nullable variable: "id"');
        await expectCode({ query: '{ articles(limit: -1) { id } }' }, 'validation-failed', "expected a non-negative 32-bit integer for type 'Int', but found an integer");
        await expectCode({ query: '{ articles(limit: $x) { id } }' }, 'validation-failed', 'unbound variable "x"');
        await expectCode({ query: 'query($w: articles_bool_exp) { articles(where: $w) { id } }', variables: { w: { nope: {} } } }, 'validation-failed', `field 'nope' not found in type: 'articles_bool_exp'`);
        await expectCode({ query: '{ authors(where: {userId: {_eq: "not-a-uuid"}}) { id } }' }, 'data-exception', /invalid input syntax for type uuid/);
        await expectCode({ query: '{ authors(where: {born: {_eq: "2024-13-45"}}) { id } }' }, 'data-exception', /date\/time field value out of range|invalid input syntax/);
        await expectCode({ query: '{ articles(where: {title: {_like: "E\\\\"}}) { id } }' }, 'bad-request', 'LIKE pattern must not end with escape character');
        await expectCode('[1, 2', 'invalid-json', /not a valid json value/, 400);
      });

      it('huge bodies, deep nesting and alias bombs get clean errors', async () => {
        const huge = await post({ query: `{ articles(where: {title: {_eq: "${'x'.repeat(6 * 1024 * 1024)}"}}) { id } }` }, admin);
        expect(huge.status).toBe(413);
        expect((huge.body as { errors: GqlErr[] }).errors[0].extensions?.code).toBe('request-too-large');
        let deep = 'id';
        for (let i = 0; i < 20; i++) deep = `author { articles { ${deep} } }`;
        const d = await post({ query: `{ articles { ${deep} } }` }, admin);
        expect((d.body as { errors: GqlErr[] }).errors[0]).toMatchObject({ extensions: { code: 'validation-failed' } });
        const aliases = Array.from({ length: 3000 }, (_, i) => `a${i}: articles { id }`).join(' ');
        const a = await post({ query: `{ ${aliases} }` }, admin);
        expect((a.body as { errors: GqlErr[] }).errors[0].message).toMatch(/more than \d+ fields/);
        let w: Record<string, unknown> = { id: { _eq: 1 } };
        for (let i = 0; i < 3000; i++) w = { _not: w };
        const deepVars = await post({ query: 'query($w: articles_bool_exp) { articles(where: $w) { id } }', variables: { w } }, admin);
        expect((deepVars.body as { errors: GqlErr[] }).errors[0]).toMatchObject({ message: 'input values may be nested at most 64 levels deep', extensions: { code: 'validation-failed' } });
        const deepLiteral = await post({ query: `{ articles(where: ${'{_not: '.repeat(3000)}{}${'}'.repeat(3000)}) { id } }` }, admin);
        expect((deepLiteral.body as { errors: GqlErr[] }).errors[0].extensions?.code).toBe('validation-failed');
        // GET is Hasura's persisted-query read, refused as Hasura CE refuses it; other methods 405.
        const get = await fetch(`${backend.url}/v1/graphql`, { headers: admin });
        expect(get.status).toBe(200);
        expect(await get.json()).toMatchObject({ errors: [{ extensions: { code: 'not-supported' }, message: 'PersistedQueryNotSupported' }] });
        const put = await fetch(`${backend.url}/v1/graphql`, { method: 'PUT', headers: admin });
        expect(put.status).toBe(405);
        expect(await put.json()).toMatchObject({ errors: [{ extensions: { code: 'method-not-allowed' } }] });
      });

      it('SQL metacharacters in every string are data, never SQL', async () => {
        const evil = `x'); DROP TABLE public.articles; -- "\\ $1 ?`;
        const c = client(admin);
        const ins = await mutate<{ insert_authors_one: { name: string; profile: Record<string, string> } }>(c, gql`mutation($n: String!, $p: jsonb) { insert_authors_one(object: {name: $n, profile: $p}) { name profile } }`, { n: evil, p: { [evil]: evil } });
        expect(ins.errors).toEqual([]);
        expect(ins.data?.insert_authors_one).toMatchObject({ name: evil, profile: { [evil]: evil } });
        const found = await query<{ authors: { name: string }[] }>(c, gql`query($n: String!) { authors(where: {name: {_eq: $n}, profile: {_has_key: $n}}) { name } }`, { n: evil });
        expect(found.data?.authors).toEqual([{ __typename: 'authors', name: evil }]);
        const asSessionVar = await post({ query: '{ articles { id } }' }, { ...admin, 'x-hasura-role': 'user', 'x-hasura-user-id': evil });
        expect((asSessionVar.body as { errors: GqlErr[] }).errors[0].extensions?.code).toBe('data-exception');
        expect(await articleCount()).toBeGreaterThan(0);
      });
    });

    it('answers batched requests in order', async () => {
      const r = await post([{ query: '{ authors_by_pk(id: 2) { name } }' }, { query: '{ nope }' }, { query: 'query { __typename }' }], admin);
      expect(r.body).toEqual([
        { data: { authors_by_pk: { name: 'Béla' } } },
        { errors: [{ message: `field 'nope' not found in type: 'query_root'`, extensions: { path: '$.selectionSet.nope', code: 'validation-failed' } }] },
        { data: { __typename: 'query_root' } },
      ]);
    });
  });
}
