// Socket limits on both protocols: operations per socket (GRAPHQL_WS_MAX_SUBSCRIPTIONS_PER_SOCKET)
// and open sockets per client address (GRAPHQL_WS_MAX_SOCKETS_PER_CLIENT), with the real graphql-ws
// client, the real legacy SubscriptionClient and raw sockets for the exact frames.
import http from 'node:http';
import { createClient, type Client } from 'graphql-ws';
import { SubscriptionClient } from 'subscriptions-transport-ws';
import { WebSocket } from 'ws';
import { withEnv } from '../../../tests/helpers/env';
import { DEFAULT_MAX_OPERATIONS_PER_SOCKET, DEFAULT_MAX_SOCKETS_PER_CLIENT, clientAddress, isLoopback, type SubscriptionOptions } from './index';
import { RawPeer, sleep, startTestServer, type TestServer } from './__fixtures__/wsTestKit';

const NOTES = 'subscription { notes { id title } }';
const AS_U1 = { headers: { Authorization: 'Bearer user:u1' } };

let server: TestServer | undefined;
const cleanups: Array<() => unknown> = [];

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await server?.close();
  server = undefined;
});

async function start(opts: SubscriptionOptions): Promise<TestServer> {
  server = await startTestServer(opts);
  return server;
}

async function until(probe: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

function graphqlWs(s: TestServer): Client {
  const c = createClient({ url: s.url, webSocketImpl: WebSocket, connectionParams: AS_U1, retryAttempts: 0 });
  cleanups.push(() => c.dispose());
  return c;
}

function watch(c: Client, query = NOTES) {
  const results: unknown[] = [];
  const errors: unknown[] = [];
  const stop = c.subscribe({ query }, { next: (v) => results.push(v), error: (e) => errors.push(e), complete: () => undefined });
  return { results, errors, stop };
}

async function peer(s: TestServer, protocol: string): Promise<RawPeer> {
  const p = await RawPeer.connect(s.url, protocol);
  cleanups.push(() => p.close());
  return p;
}

/** Opens a socket and reports the handshake's outcome: 'open', or the HTTP status and body it was refused with. */
function attempt(url: string, protocol: string, headers: Record<string, string> = {}): Promise<{ open: WebSocket } | { status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocol, { headers });
    ws.once('open', () => {
      cleanups.push(() => ws.terminate());
      resolve({ open: ws });
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', (e) => reject(e));
  });
}

describe('operations per socket', () => {
  it('graphql-ws: the operation over the cap gets an error, the others go on, a freed slot is reused', async () => {
    const s = await start({ maxOperationsPerSocket: 3 });
    const c = graphqlWs(s);
    const subs = [watch(c), watch(c), watch(c)];
    await until(() => subs.every((x) => x.results.length === 1));

    const over = watch(c);
    await until(() => over.errors.length === 1);
    expect(over.errors[0]).toEqual([
      { message: 'too many operations on this connection: at most 3 may be active at once', extensions: { path: '$', code: 'start-failed' } },
    ]);
    expect(over.results).toEqual([]);

    // The socket and its three subscriptions are untouched.
    expect(s.subscriptions.stats()).toMatchObject({ connections: 1, subscribers: 3 });
    s.engine.notes[0].title = 'changed';
    await until(() => subs.every((x) => x.results.length === 2));
    expect(subs[0].results[1]).toEqual({ data: { notes: [{ id: 1, owner: 'u1', title: 'changed' }] } });

    // Stopping one frees its slot; a one-off query counts while it runs and frees its slot when done.
    subs[0].stop();
    await until(() => s.subscriptions.stats().subscribers === 2);
    const query = await new Promise<unknown>((resolve, reject) => {
      c.subscribe({ query: 'query { notes { id } }' }, { next: resolve, error: reject, complete: () => undefined });
    });
    expect(query).toMatchObject({ data: { notes: [{ id: 1, owner: 'u1' }] } });
    const again = watch(c);
    await until(() => again.results.length === 1);
    expect(again.errors).toEqual([]);
  });

  it('graphql-ws raw frames: `error` for the refused id only, the socket stays open', async () => {
    const s = await start({ maxOperationsPerSocket: 2 });
    const p = await peer(s, 'graphql-transport-ws');
    p.send({ type: 'connection_init', payload: AS_U1 });
    await p.waitFor((f) => f.type === 'connection_ack');
    for (const id of ['a', 'b', 'c']) p.send({ type: 'subscribe', id, payload: { query: NOTES } });
    const error = await p.waitFor((f) => f.type === 'error');
    expect(error).toEqual({
      type: 'error',
      id: 'c',
      payload: [{ message: 'too many operations on this connection: at most 2 may be active at once', extensions: { path: '$', code: 'start-failed' } }],
    });
    await p.waitFor((f) => f.type === 'next' && f.id === 'b');
    p.send({ type: 'ping' });
    await p.waitFor((f) => f.type === 'pong');
    expect(p.closed).toBeUndefined();
    expect(p.frames.filter((f) => f.id === 'c').map((f) => f.type)).toEqual(['error']);
  });

  it('legacy protocol: GQL_ERROR then complete for the refused id, existing subscriptions keep their data', async () => {
    const s = await start({ maxOperationsPerSocket: 2 });
    const p = await peer(s, 'graphql-ws');
    p.send({ type: 'connection_init', payload: AS_U1 });
    for (const id of ['1', '2', '3']) p.send({ type: 'start', id, payload: { query: NOTES } });
    await p.waitFor((f) => f.type === 'complete' && f.id === '3');
    expect(p.frames.filter((f) => f.id === '3')).toEqual([
      { type: 'error', id: '3', payload: { errors: [{ message: 'too many operations on this connection: at most 2 may be active at once', extensions: { path: '$', code: 'start-failed' } }] } },
      { type: 'complete', id: '3' },
    ]);
    await p.waitFor((f) => f.type === 'data' && f.id === '2');
    const seen = p.frames.length;
    s.engine.notes[0].title = 'still live';
    await p.waitFor((f) => f.type === 'data' && f.id === '1', 3000, seen);
    await p.waitFor((f) => f.type === 'data' && f.id === '2', 3000, seen);
    expect(p.closed).toBeUndefined();
  });

  it('legacy SubscriptionClient: the refused subscription errors, the others still receive', async () => {
    const s = await start({ maxOperationsPerSocket: 2 });
    const c = new SubscriptionClient(s.url, { connectionParams: AS_U1, reconnect: false, timeout: 5000 }, WebSocket);
    cleanups.push(() => c.close());
    const results: unknown[][] = [[], [], []];
    const errors: unknown[] = [];
    const subs = results.map((bucket) => c.request({ query: NOTES }).subscribe({ next: (v) => bucket.push(v), error: (e) => errors.push(e) }));
    cleanups.push(() => subs.forEach((x) => x.unsubscribe()));
    await until(() => errors.length === 1 && results[0].length === 1 && results[1].length === 1);
    expect(JSON.stringify(errors[0])).toContain('too many operations on this connection: at most 2 may be active at once');
    expect(results[2]).toEqual([]);
    s.engine.notes[0].title = 'legacy still live';
    await until(() => results[0].length === 2 && results[1].length === 2);
  });

  it('defaults allow a few hundred: 150 subscriptions on one socket all answer', async () => {
    const s = await start({});
    const c = graphqlWs(s);
    const subs = Array.from({ length: 150 }, (_, i) => watch(c, `subscription S${i} { notes { id title } }`));
    await until(() => subs.every((x) => x.results.length === 1), 10_000);
    expect(subs.flatMap((x) => x.errors)).toEqual([]);
    expect(DEFAULT_MAX_OPERATIONS_PER_SOCKET).toBe(200);
  });
});

describe('open sockets per client', () => {
  it('refuses the upgrade over the cap with 429 (both protocols); others unaffected; a closed socket frees its slot', async () => {
    const s = await start({ maxSocketsPerClient: 2 });
    const a = await peer(s, 'graphql-transport-ws');
    const b = await peer(s, 'graphql-ws');
    for (const protocol of ['graphql-transport-ws', 'graphql-ws']) {
      const refused = await attempt(s.url, protocol);
      expect(refused).toEqual({
        status: 429,
        body: JSON.stringify({ errors: [{ message: 'too many open connections from this client: at most 2', extensions: { path: '$', code: 'too-many-connections' } }] }),
      });
    }
    // The open ones still work.
    a.send({ type: 'connection_init', payload: AS_U1 });
    await a.waitFor((f) => f.type === 'connection_ack');
    b.send({ type: 'connection_init', payload: AS_U1 });
    await b.waitFor((f) => f.type === 'connection_ack');
    expect(s.subscriptions.stats()).toMatchObject({ connections: 2, clients: 1 });

    // The real graphql-ws client sees the refusal as a failed connection.
    const c = createClient({ url: s.url, webSocketImpl: WebSocket, connectionParams: AS_U1, retryAttempts: 0 });
    cleanups.push(() => c.dispose());
    const sub = watch(c);
    await until(() => sub.errors.length === 1);
    expect(sub.results).toEqual([]);

    a.close();
    let next: Awaited<ReturnType<typeof attempt>> | undefined;
    await until(() => s.subscriptions.stats().connections === 1);
    for (let i = 0; i < 50; i++) {
      next = await attempt(s.url, 'graphql-transport-ws');
      if ('open' in next) break;
      await sleep(20);
    }
    expect(next && 'open' in next).toBe(true);
  });

  it('counts each client behind a trusted proxy by X-Forwarded-For, and ignores it from untrusted peers', async () => {
    const s = await start({ maxSocketsPerClient: 1 });
    expect('open' in (await attempt(s.url, 'graphql-transport-ws', { 'x-forwarded-for': '203.0.113.7' }))).toBe(true);
    expect(await attempt(s.url, 'graphql-transport-ws', { 'x-forwarded-for': '203.0.113.7' })).toMatchObject({ status: 429 });
    // Another client behind the same proxy (and the proxy's own address) are separate.
    expect('open' in (await attempt(s.url, 'graphql-transport-ws', { 'x-forwarded-for': '198.51.100.1, 203.0.113.8' }))).toBe(true);
    expect('open' in (await attempt(s.url, 'graphql-ws'))).toBe(true);
    expect(s.subscriptions.stats().clients).toBe(3);
    await s.close();

    // When the peer is not trusted, a forged X-Forwarded-For does not buy more sockets.
    const strict = await start({ maxSocketsPerClient: 1, trustProxy: () => false });
    expect('open' in (await attempt(strict.url, 'graphql-transport-ws', { 'x-forwarded-for': '203.0.113.9' }))).toBe(true);
    expect(await attempt(strict.url, 'graphql-transport-ws', { 'x-forwarded-for': '203.0.113.10' })).toMatchObject({ status: 429 });
  });

  it('reads both caps from the environment; defaults leave room for the 500-socket live-query bench', async () => {
    expect(DEFAULT_MAX_SOCKETS_PER_CLIENT).toBe(1000);
    await withEnv({ GRAPHQL_WS_MAX_SOCKETS_PER_CLIENT: '1', GRAPHQL_WS_MAX_SUBSCRIPTIONS_PER_SOCKET: '1' }, async () => {
      const s = await start({});
      const p = await peer(s, 'graphql-transport-ws');
      expect(await attempt(s.url, 'graphql-transport-ws')).toMatchObject({ status: 429 });
      p.send({ type: 'connection_init', payload: AS_U1 });
      p.send({ type: 'subscribe', id: 'x', payload: { query: NOTES } });
      p.send({ type: 'subscribe', id: 'y', payload: { query: NOTES } });
      expect(await p.waitFor((f) => f.type === 'error')).toMatchObject({ id: 'y' });
    });
  });

  it('holds many sockets from one address under the default cap', async () => {
    const s = await start({});
    const sockets = await Promise.all(Array.from({ length: 120 }, () => attempt(s.url, 'graphql-transport-ws')));
    expect(sockets.every((x) => 'open' in x)).toBe(true);
    await until(() => s.subscriptions.stats().connections === 120);
  });
});

describe('client address', () => {
  const req = (remoteAddress: string, xff?: string) => ({ socket: { remoteAddress }, headers: xff ? { 'x-forwarded-for': xff } : {} }) as unknown as http.IncomingMessage;

  it('is the peer, or the nearest untrusted hop of X-Forwarded-For behind trusted proxies', () => {
    expect(isLoopback('127.0.0.1') && isLoopback('::1') && isLoopback('::ffff:127.0.0.2')).toBe(true);
    expect(isLoopback('10.0.0.1') || isLoopback('::ffff:10.0.0.1')).toBe(false);
    expect(clientAddress(req('::ffff:192.0.2.1', '203.0.113.1'), isLoopback)).toBe('192.0.2.1');
    expect(clientAddress(req('127.0.0.1'), isLoopback)).toBe('127.0.0.1');
    expect(clientAddress(req('127.0.0.1', '203.0.113.1'), isLoopback)).toBe('203.0.113.1');
    // The client may prepend anything; only the hop the trusted proxy appended counts.
    expect(clientAddress(req('::1', 'forged, 203.0.113.2'), isLoopback)).toBe('203.0.113.2');
    expect(clientAddress(req('127.0.0.1', '203.0.113.3, 127.0.0.1'), isLoopback)).toBe('203.0.113.3');
    expect(clientAddress(req('127.0.0.1', '203.0.113.4'), () => false)).toBe('127.0.0.1');
  });
});
