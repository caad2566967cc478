// POST /v1/graphql batches: the cap on operations per batch (GRAPHQL_MAX_BATCH_OPERATIONS) refuses
// a longer batch as a whole, before anything runs; batches within the cap run in order.
// Persisted queries are refused as Hasura CE refuses them, before anything runs.
import http from 'node:http';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BATCH_OPERATIONS, graphqlRouter, maxBatchOperationsFromEnv, type GraphqlHttpOptions } from './http';
import type { AuthResult, EngineSession, GraphqlRequest } from './types';

const session: EngineSession = { role: 'admin', variables: { 'x-hasura-role': 'admin' }, isAdmin: true };

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** The router over an executor that records what it runs and answers {"data":{"n":<index>}}. */
async function start(opts?: GraphqlHttpOptions, auth: AuthResult = { ok: true, session }): Promise<{ url: string; ran: GraphqlRequest[] }> {
  const ran: GraphqlRequest[] = [];
  const executor = {
    run: async (_s: EngineSession, request: GraphqlRequest) => {
      ran.push(request);
      return JSON.stringify({ data: { n: (request.variables as { n: number } | null)?.n ?? null } });
    },
  };
  const authenticate = async (): Promise<AuthResult> => auth;
  const app = express();
  app.use('/v1/graphql', graphqlRouter(executor, authenticate, opts));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/v1/graphql`, ran };
}

const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ query: 'query($n: Int) { n }', variables: { n: i } }));
const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('batch cap', () => {
  it('reads GRAPHQL_MAX_BATCH_OPERATIONS, default 20', () => {
    expect(DEFAULT_MAX_BATCH_OPERATIONS).toBe(20);
    expect(maxBatchOperationsFromEnv({})).toBe(20);
    expect(maxBatchOperationsFromEnv({ GRAPHQL_MAX_BATCH_OPERATIONS: '5' })).toBe(5);
    for (const bad of ['0', '-3', '2.5', 'many', '']) expect(maxBatchOperationsFromEnv({ GRAPHQL_MAX_BATCH_OPERATIONS: bad })).toBe(20);
  });

  it('runs a batch at the cap, in order', async () => {
    const { url, ran } = await start();
    const r = await post(url, batch(DEFAULT_MAX_BATCH_OPERATIONS));
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual(Array.from({ length: DEFAULT_MAX_BATCH_OPERATIONS }, (_, i) => ({ data: { n: i } })));
    expect(ran).toHaveLength(DEFAULT_MAX_BATCH_OPERATIONS);
  });

  it('refuses a batch over the cap with one 400 error and runs none of it', async () => {
    const { url, ran } = await start();
    const r = await post(url, batch(DEFAULT_MAX_BATCH_OPERATIONS + 1));
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      errors: [{ message: 'a batch may hold at most 20 operations; this one has 21', extensions: { path: '$', code: 'bad-request' } }],
    });
    const huge = await post(url, Array.from({ length: 100_000 }, () => ({ query: '{ n }' })));
    expect(huge.status).toBe(400);
    expect(ran).toEqual([]);
    // The refusal leaves the endpoint serving.
    expect(await (await post(url, { query: '{ n }', variables: { n: 7 } })).json()).toEqual({ data: { n: 7 } });
    expect(await (await post(url, [])).json()).toEqual([]);
  });

  it('takes the cap from the options', async () => {
    const { url, ran } = await start({ maxBatchOperations: 2 });
    expect((await post(url, batch(2))).status).toBe(200);
    const r = await post(url, batch(3));
    expect(r.status).toBe(400);
    expect(((await r.json()) as { errors: { message: string }[] }).errors[0].message).toBe('a batch may hold at most 2 operations; this one has 3');
    expect(ran).toHaveLength(2);
  });
});

describe('persisted queries (Hasura CE: not kept, never run)', () => {
  const refusal = { errors: [{ message: 'PersistedQueryNotSupported', extensions: { path: '$', code: 'not-supported' } }] };
  const apq = (persistedQuery: unknown, extra: Record<string, unknown> = {}) => ({ query: '{ n }', variables: { n: 1 }, extensions: { persistedQuery }, ...extra });

  it('refuses a request with the extension, even one that carries its query text', async () => {
    const { url, ran } = await start();
    for (const body of [apq({ version: 1, sha256Hash: 'ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38' }), { extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } }]) {
      const r = await post(url, body);
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual(refusal);
    }
    expect(ran).toEqual([]);
  });

  it('runs requests whose extensions hold no persistedQuery key', async () => {
    const { url, ran } = await start();
    for (const extensions of [null, {}, { tracing: true }, 'persistedQuery']) {
      expect(await (await post(url, { query: '{ n }', variables: { n: 2 }, extensions })).json()).toEqual({ data: { n: 2 } });
    }
    expect(ran).toHaveLength(4);
  });

  it('a malformed extension is a parse error, and nothing runs', async () => {
    const { url, ran } = await start();
    const cases: [unknown, string, string][] = [
      [null, 'parsing PersistedQueryRequest failed, expected Object, but encountered Null', '$.extensions'],
      ['abc', 'parsing PersistedQueryRequest failed, expected Object, but encountered String', '$.extensions'],
      [{ sha256Hash: 'x' }, 'key "version" not found', '$.extensions.persistedQuery'],
      [{ version: '1', sha256Hash: 'x' }, 'parsing Int failed, expected Number, but encountered String', '$.extensions.persistedQuery.version'],
      [{ version: 1.5, sha256Hash: 'x' }, 'parsing Int failed, unexpected floating number 1.5', '$.extensions.persistedQuery.version'],
      [{ version: 1 }, 'key "sha256Hash" not found', '$.extensions.persistedQuery'],
      [{ version: 1, sha256Hash: ['x'] }, 'parsing Text failed, expected String, but encountered Array', '$.extensions.persistedQuery.sha256Hash'],
    ];
    for (const [pq, message, path] of cases) {
      const r = await post(url, apq(pq));
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ errors: [{ message, extensions: { path, code: 'parse-failed' } }] });
    }
    expect(ran).toEqual([]);
  });

  it('inside a batch, an operation with the extension is run as a plain operation (Hasura reads a batch without it)', async () => {
    const { url, ran } = await start();
    expect(await (await post(url, [apq({ version: 1, sha256Hash: 'x' })])).json()).toEqual([{ data: { n: 1 } }]);
    expect(ran).toHaveLength(1);
  });

  it('GET asks for a persisted query: refused after the session is checked; other methods 405', async () => {
    const { url, ran } = await start();
    const get = await fetch(`${url}?query=${encodeURIComponent('{ n }')}&extensions=${encodeURIComponent('{"persistedQuery":{"version":1,"sha256Hash":"x"}}')}`);
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual(refusal);
    expect((await fetch(url, { method: 'PUT' })).status).toBe(405);
    expect(ran).toEqual([]);
    const denied = { message: 'invalid x-hasura-admin-secret/x-hasura-access-key', extensions: { path: '$', code: 'access-denied' } };
    const other = await start(undefined, { ok: false, error: denied });
    expect(await (await fetch(other.url)).json()).toEqual({ errors: [denied] });
    expect(await (await post(other.url, apq({ version: 1, sha256Hash: 'x' }))).json()).toEqual({ errors: [denied] });
  });
});
