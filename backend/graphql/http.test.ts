// POST /v1/graphql batches: the cap on operations per batch (GRAPHQL_MAX_BATCH_OPERATIONS) refuses
// a longer batch as a whole, before anything runs; batches within the cap run in order.
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
async function start(opts?: GraphqlHttpOptions): Promise<{ url: string; ran: GraphqlRequest[] }> {
  const ran: GraphqlRequest[] = [];
  const executor = {
    run: async (_s: EngineSession, request: GraphqlRequest) => {
      ran.push(request);
      return JSON.stringify({ data: { n: (request.variables as { n: number } | null)?.n ?? null } });
    },
  };
  const authenticate = async (): Promise<AuthResult> => ({ ok: true, session });
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
