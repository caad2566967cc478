// Subscriptions end to end: the real backend (engine core + this WebSocket server) on PGlite with
// a fixture project, driven by the real clients: graphql-ws, Apollo Client v4 (GraphQLWsLink and the
// legacy WebSocketLink), and the app's own realtime connection.
import net from 'node:net';
import path from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import { WebSocket } from 'ws';
import { ApolloClient, InMemoryCache, gql } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { WebSocketLink } from '@apollo/client/link/ws';
import { emptyDatabase, startTestBackend } from '../../../tests/helpers/backend';
import { loadConfig } from '../../config';
import type { Db } from '../../db';
import { startBackend, type RunningBackend } from '../../server';
import { createRealtimeConnection } from '@/lib/apollo/realtime';

const PROJECT = path.join(__dirname, '__fixtures__', 'project');
const ALICE = '11111111-1111-1111-1111-111111111111';
const BOB = '22222222-2222-2222-2222-222222222222';
const REFETCH_MS = 100;
const NOTES = 'subscription { notes(order_by: {id: asc}) { id title } }';

type Result = { data?: { notes?: Array<{ id: number; title: string }> }; errors?: unknown };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function until(probe: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

function tokenFor(backend: RunningBackend, userId: string, expiresInSeconds = 3600): Promise<string> {
  return backend.ctx.jwt.sign(
    {
      sub: userId,
      'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['user'], 'x-hasura-default-role': 'user', 'x-hasura-user-id': userId },
    },
    expiresInSeconds,
  );
}

const wsUrl = (backend: RunningBackend) => `${backend.url.replace(/^http/, 'ws')}/v1/graphql`;
const titles = (r: Result | undefined) => (r?.data?.notes ?? []).map((n) => n.title);

describe('subscriptions on the real engine', () => {
  let backend: RunningBackend;
  const cleanups: Array<() => unknown> = [];

  beforeAll(async () => {
    backend = await startTestBackend({
      projectDir: PROJECT,
      env: { HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL: String(REFETCH_MS) },
    });
  });
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
    await backend.ctx.db.query(`UPDATE notes SET title = CASE id WHEN 1 THEN 'alice first' WHEN 2 THEN 'alice second' ELSE 'bob only' END`);
  });
  afterAll(async () => {
    await backend?.close();
  });

  function graphqlWs(connectionParams: Record<string, unknown>, extra: Partial<Parameters<typeof createClient>[0]> = {}): Client {
    const client = createClient({ url: wsUrl(backend), webSocketImpl: WebSocket, connectionParams, retryAttempts: 0, ...extra });
    cleanups.push(() => client.dispose());
    return client;
  }

  function watch(client: Client, query = NOTES) {
    const results: Result[] = [];
    const errors: unknown[] = [];
    const stop = client.subscribe<Result['data']>({ query }, { next: (v) => results.push(v as Result), error: (e) => errors.push(e), complete: () => undefined });
    cleanups.push(stop);
    return { results, errors };
  }

  it('pushes a change of a visible row, never a row the role cannot see, and nothing when nothing changed', async () => {
    const sub = watch(graphqlWs({ headers: { Authorization: `Bearer ${await tokenFor(backend, ALICE)}` } }));
    await until(() => sub.results.length === 1);
    expect(sub.results[0]).toEqual({ data: { notes: [{ id: 1, title: 'alice first' }, { id: 2, title: 'alice second' }] } });

    await sleep(REFETCH_MS * 4);
    expect(sub.results).toHaveLength(1);

    await backend.ctx.db.query(`UPDATE notes SET title = 'bob renamed' WHERE id = 3`);
    await sleep(REFETCH_MS * 4);
    expect(sub.results).toHaveLength(1);

    const res = await fetch(`${backend.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenFor(backend, ALICE)}` },
      body: JSON.stringify({ query: 'mutation { update_notes_by_pk(pk_columns: {id: 2}, _set: {title: "alice edited"}) { id } }' }),
    });
    expect(await res.json()).toEqual({ data: { update_notes_by_pk: { id: 2 } } });
    await until(() => sub.results.length === 2);
    expect(titles(sub.results[1])).toEqual(['alice first', 'alice edited']);
    expect(JSON.stringify(sub.results)).not.toContain('bob');
    expect(sub.errors).toEqual([]);
  });

  it('refuses a bad token: close 4403 with the reason, no data', async () => {
    const closes: Array<{ code: number; reason: string }> = [];
    const forged = `${(await tokenFor(backend, ALICE)).slice(0, -4)}AAAA`;
    const sub = watch(graphqlWs({ headers: { Authorization: `Bearer ${forged}` } }, { on: { closed: (e) => closes.push(e as { code: number; reason: string }) } }));
    await until(() => sub.errors.length === 1);
    expect(closes[0].code).toBe(4403);
    expect(JSON.parse(closes[0].reason).server_error_msg).toMatch(/^4403: Forbidden/);
    expect(sub.results).toEqual([]);
  });

  it('drops the connection when its JWT expires, as Hasura does, and sends nothing after', async () => {
    const closes: number[] = [];
    const opened = Date.now();
    const sub = watch(graphqlWs({ headers: { Authorization: `Bearer ${await tokenFor(backend, ALICE, 2)}` } }, { on: { closed: (e) => closes.push((e as { code: number }).code) } }));
    await until(() => sub.results.length === 1);
    expect(closes).toEqual([]);
    await until(() => closes.length === 1, 6000);
    // exp has whole-second precision: the token ends between 1 and 2 s after it was signed.
    expect(Date.now() - opened).toBeGreaterThanOrEqual(900);
    expect(closes[0]).toBe(1006);
    await backend.ctx.db.query(`UPDATE notes SET title = 'after expiry' WHERE id = 1`);
    await sleep(REFETCH_MS * 4);
    expect(sub.results).toHaveLength(1);
  });

  it('answers a subscription on a field the role lacks with a validation-failed error', async () => {
    const sub = watch(graphqlWs({ headers: { Authorization: `Bearer ${await tokenFor(backend, ALICE)}` } }), 'subscription { notes { id updated_at } }');
    await until(() => sub.errors.length === 1);
    const errors = sub.errors[0] as Array<{ extensions: { code: string } }>;
    expect(errors[0].extensions.code).toBe('validation-failed');
  });

  it('serves Apollo Client v4 through GraphQLWsLink', async () => {
    const client = graphqlWs({ headers: { Authorization: `Bearer ${await tokenFor(backend, BOB)}` } });
    const apollo = new ApolloClient({ link: new GraphQLWsLink(client), cache: new InMemoryCache() });
    const results: Result[] = [];
    const s = apollo.subscribe({ query: gql(NOTES) }).subscribe({ next: (r) => results.push(r as Result) });
    cleanups.push(() => s.unsubscribe());
    await until(() => results.length === 1);
    expect(titles(results[0])).toEqual(['bob only']);
    await backend.ctx.db.query(`UPDATE notes SET title = 'bob via apollo' WHERE id = 3`);
    await until(() => results.length === 2);
    expect(titles(results[1])).toEqual(['bob via apollo']);
  });

  it('serves the legacy protocol through Apollo Client v4 WebSocketLink (subscriptions-transport-ws)', async () => {
    const link = new WebSocketLink({
      uri: wsUrl(backend),
      options: { connectionParams: { headers: { Authorization: `Bearer ${await tokenFor(backend, ALICE)}` } }, reconnect: false },
      webSocketImpl: WebSocket,
    });
    const apollo = new ApolloClient({ link, cache: new InMemoryCache() });
    const results: Result[] = [];
    const s = apollo.subscribe({ query: gql(NOTES) }).subscribe({ next: (r) => results.push(r as Result) });
    cleanups.push(() => s.unsubscribe());
    cleanups.push(() => (link as unknown as { subscriptionClient: { close(): void } }).subscriptionClient.close());
    await until(() => results.length === 1);
    expect(titles(results[0])).toEqual(['alice first', 'alice second']);
    await backend.ctx.db.query(`UPDATE notes SET title = 'legacy change' WHERE id = 1`);
    await until(() => results.length === 2);
    expect(titles(results[1])).toEqual(['legacy change', 'alice second']);
  });

  it("reconnects the app's realtime client after a 4205 client restart, with the new user's rows", async () => {
    let token = await tokenFor(backend, ALICE);
    const realtime = createRealtimeConnection({
      url: `${backend.url}/v1/graphql`,
      headers: async () => ({ Authorization: `Bearer ${token}` }),
      webSocketImpl: WebSocket,
      random: () => 0,
    });
    cleanups.push(() => realtime.dispose());
    const sub = watch(realtime.client);
    await until(() => sub.results.length === 1);
    expect(titles(sub.results[0])).toEqual(['alice first', 'alice second']);

    token = await tokenFor(backend, BOB);
    realtime.restart();
    await until(() => titles(sub.results.at(-1)).includes('bob only'));
    expect(titles(sub.results.at(-1))).toEqual(['bob only']);
    await backend.ctx.db.query(`UPDATE notes SET title = 'bob after restart' WHERE id = 3`);
    await until(() => titles(sub.results.at(-1)).includes('bob after restart'));
    expect(sub.errors).toEqual([]);
  });
});

describe('subscriptions across a backend restart', () => {
  let db: Db;
  let backend: RunningBackend | undefined;

  afterAll(async () => {
    await backend?.close();
    await db?.close();
  });

  async function start(port: number): Promise<RunningBackend> {
    const config = loadConfig({ project: PROJECT, port: String(port), host: '127.0.0.1', seeds: 'false', quiet: true }, {
      ...process.env,
      DATABASE_URL: '',
      AUTH_RATE_LIMIT_ENABLE: 'false',
    });
    return startBackend(config, { db });
  }

  let port = 0;
  beforeAll(async () => {
    // A fresh database as initdb leaves it (the cached snapshot, not a ~5 s-CPU initdb): the
    // backend's first start migrates it, as before.
    db = await emptyDatabase();
    port = await freePort();
    backend = await start(port);
  });

  // Starts a whole backend once more inside the test: allow for a slow machine.
  it("the app's realtime client reconnects on its own after the server closes with 1012 and comes back", { timeout: 120_000 }, async () => {
    if (!backend) throw new Error('backend did not start');
    const token = await tokenFor(backend, ALICE);
    // The app's realtime client: it retries connection errors too, which a restart produces.
    const realtime = createRealtimeConnection({
      url: `${backend.url}/v1/graphql`,
      headers: async () => ({ Authorization: `Bearer ${token}` }),
      webSocketImpl: WebSocket,
      random: () => 0,
    });
    const client = realtime.client;
    const closes: number[] = [];
    client.on('closed', (e) => closes.push((e as { code: number }).code));
    const results: Result[] = [];
    const stop = client.subscribe({ query: NOTES }, { next: (v) => results.push(v as Result), error: () => undefined, complete: () => undefined });
    try {
      await until(() => results.length === 1);
      await backend.close();
      expect(closes[0]).toBe(1012);
      backend = await start(port);
      await db.query(`UPDATE notes SET title = 'after restart' WHERE id = 1`);
      await until(() => titles(results.at(-1)).includes('after restart'), 30_000);
    } finally {
      stop();
      await realtime.dispose();
    }
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
