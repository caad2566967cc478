// graphql-transport-ws (the graphql-ws library's protocol) against a fake engine: the real
// graphql-ws client for the happy paths, a raw socket for what a client library never sends.
import { createClient, type Client } from 'graphql-ws';
import { WebSocket } from 'ws';
import { createRealtimeConnection } from '@/lib/apollo/realtime';
import { RawPeer, sleep, startTestServer, type TestServer } from './__fixtures__/wsTestKit';

const NOTES = 'subscription { notes { id title } }';

let server: TestServer;
const clients: Client[] = [];
const peers: RawPeer[] = [];

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.dispose();
  for (const p of peers.splice(0)) p.close();
  await server.close();
});

function client(connectionParams: Record<string, unknown>, extra: Partial<Parameters<typeof createClient>[0]> = {}): Client {
  const c = createClient({ url: server.url, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0, ...extra });
  clients.push(c);
  return c;
}

async function peer(protocol = 'graphql-transport-ws'): Promise<RawPeer> {
  const p = await RawPeer.connect(server.url, protocol);
  peers.push(p);
  return p;
}

/** Collects the results of one subscription. */
function watch(c: Client, query: string) {
  const results: unknown[] = [];
  const errors: unknown[] = [];
  let completed = false;
  const stop = c.subscribe({ query }, { next: (v) => results.push(v), error: (e) => errors.push(e), complete: () => (completed = true) });
  return { results, errors, stop, isComplete: () => completed };
}

async function until(probe: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe('graphql-transport-ws', () => {
  it('pushes the first result at once and then only changes, filtered by the caller', async () => {
    const sub = watch(client({ headers: { Authorization: 'Bearer user:u1' } }), NOTES);
    await until(() => sub.results.length === 1);
    expect(sub.results[0]).toEqual({ data: { notes: [{ id: 1, owner: 'u1', title: 'first' }] } });

    await sleep(200); // four refetch intervals with nothing changed
    expect(sub.results).toHaveLength(1);

    server.engine.notes[1].title = 'changed, but not mine';
    await sleep(200);
    expect(sub.results).toHaveLength(1);

    server.engine.notes[0].title = 'renamed';
    await until(() => sub.results.length === 2);
    expect(sub.results[1]).toEqual({ data: { notes: [{ id: 1, owner: 'u1', title: 'renamed' }] } });
  });

  it('runs one poller for subscribers with the same key, and stops it when the last one leaves', async () => {
    const a = watch(client({ headers: { Authorization: 'Bearer user:u1' } }), NOTES);
    const b = watch(client({ headers: { Authorization: 'Bearer user:u1' } }), NOTES);
    const other = watch(client({ headers: { Authorization: 'Bearer user:u2' } }), NOTES);
    await until(() => a.results.length === 1 && b.results.length === 1 && other.results.length === 1);
    expect(server.subscriptions.stats()).toMatchObject({ pollers: 2, subscribers: 3 });

    a.stop();
    b.stop();
    await until(() => server.subscriptions.stats().pollers === 1);
    other.stop();
    await until(() => server.subscriptions.stats().pollers === 0);
    const runs = server.engine.runs;
    await sleep(150);
    expect(server.engine.runs).toBe(runs);
  });

  it('takes auth headers from the connection_init payload top level too', async () => {
    const sub = watch(client({ Authorization: 'Bearer user:u2' }), NOTES);
    await until(() => sub.results.length === 1);
    expect(sub.results[0]).toEqual({ data: { notes: [{ id: 2, owner: 'u2', title: 'second' }] } });
  });

  it('refuses a bad token by closing with 4403 and the reason', async () => {
    const closed: Array<{ code: number; reason: string }> = [];
    const c = client({ headers: { Authorization: 'Bearer forged' } }, { on: { closed: (e) => closed.push(e as { code: number; reason: string }) } });
    const sub = watch(c, NOTES);
    await until(() => sub.errors.length === 1);
    expect(closed[0].code).toBe(4403);
    expect(JSON.parse(closed[0].reason)).toEqual({ server_error_msg: expect.stringMatching(/^4403: Forbidden: Could not verify JWT/) });
    expect(sub.results).toEqual([]);
  });

  it('answers a subscription the role cannot run with a Hasura-shaped error message', async () => {
    const sub = watch(client({ headers: { Authorization: 'Bearer user:u1' } }), 'subscription { secrets { id } }');
    await until(() => sub.errors.length === 1);
    expect(sub.errors[0]).toEqual([
      { message: "field 'secrets' not found in type: 'subscription_root'", extensions: { path: '$', code: 'validation-failed' } },
    ]);
  });

  it('runs queries over the socket through execute and completes them', async () => {
    const c = client({ headers: { Authorization: 'Bearer user:u2' } });
    const result = await new Promise((resolve, reject) => {
      let value: unknown;
      c.subscribe({ query: '{ notes { id } }' }, { next: (v) => (value = v), error: reject, complete: () => resolve(value) });
    });
    expect(result).toEqual({ data: { notes: [{ id: 2, owner: 'u2', title: 'second' }] } });

    const failure = await new Promise((resolve) => {
      c.subscribe({ query: 'mutation { fail { id } }' }, { next: () => undefined, error: resolve, complete: () => resolve('completed') });
    });
    expect(failure).toEqual([{ message: 'Uniqueness violation', extensions: { path: '$.selectionSet.fail', code: 'constraint-violation' } }]);
  });

  it('sends a failed run to that key only as an error result, keeps polling, and recovers', async () => {
    const sub = watch(client({ headers: { Authorization: 'Bearer user:u1' } }), NOTES);
    await until(() => sub.results.length === 1);
    server.engine.failWith = new Error('connection reset');
    await until(() => sub.results.length === 2);
    expect(sub.results[1]).toEqual({ errors: [{ message: 'database query error', extensions: { path: '$', code: 'unexpected' } }] });
    await sleep(150);
    expect(sub.results).toHaveLength(2); // the same error is not pushed again
    server.engine.failWith = undefined;
    await until(() => sub.results.length === 3);
    expect(sub.results[2]).toEqual({ data: { notes: [{ id: 1, owner: 'u1', title: 'first' }] } });
    expect(sub.errors).toEqual([]);
  });

  it('reconnects and resubscribes after the server restarts its sockets (1012)', async () => {
    const c = client({ headers: { Authorization: 'Bearer user:u1' } }, { retryAttempts: 5, retryWait: () => sleep(20) });
    const sub = watch(c, NOTES);
    await until(() => sub.results.length === 1);
    server.subscriptions.closeAllConnections(1012, 'Server state changed, restarting the server');
    await until(() => server.subscriptions.stats().subscribers === 0);
    await until(() => server.subscriptions.stats().subscribers === 1);
    server.engine.notes[0].title = 'after reconnect';
    await until(() => sub.results.some((r) => JSON.stringify(r).includes('after reconnect')));
    expect(sub.errors).toEqual([]);
  });

  it("serves the app's realtime client: a 4205 client restart reconnects with the new credentials", async () => {
    let token = 'user:u1';
    const realtime = createRealtimeConnection({
      url: server.url.replace(/^ws/, 'http'),
      headers: async () => ({ Authorization: `Bearer ${token}` }),
      webSocketImpl: WebSocket,
      random: () => 0,
    });
    clients.push(realtime.client);
    const sub = watch(realtime.client, NOTES);
    await until(() => sub.results.length === 1);
    expect(JSON.stringify(sub.results[0])).toContain('"owner":"u1"');

    token = 'user:u2';
    realtime.restart();
    await until(() => sub.results.some((r) => JSON.stringify(r).includes('"owner":"u2"')));
    expect(JSON.stringify(sub.results.at(-1))).not.toContain('"owner":"u1"');
    expect(sub.errors).toEqual([]);
    expect(server.subscriptions.stats()).toMatchObject({ connections: 1, subscribers: 1 });
  });

  it('answers ping with pong and sends its own keep-alive pings', async () => {
    await server.close();
    server = await startTestServer({ keepAliveMs: 50 });
    const p = await peer();
    p.send({ type: 'connection_init', payload: {} });
    await p.waitFor((f) => f.type === 'connection_ack');
    p.send({ type: 'ping', payload: { n: 1 } });
    expect(await p.waitFor((f) => f.type === 'pong')).toEqual({ type: 'pong', payload: { n: 1 } });
    expect(await p.waitFor((f) => f.type === 'ping')).toEqual({ type: 'ping', payload: { message: 'keepalive' } });
  });

  it('closes with 4408 when connection_init never comes', async () => {
    await server.close();
    server = await startTestServer({ connectionInitTimeoutMs: 100 });
    const p = await peer();
    const closed = await p.waitForClose();
    expect(closed.code).toBe(4408);
  });

  it('does not time out a client whose connection_init arrived while authentication is slow', async () => {
    await server.close();
    server = await startTestServer({ connectionInitTimeoutMs: 100 });
    server.engine.authDelayMs = 300;
    const p = await peer();
    p.send({ type: 'connection_init', payload: {} });
    await p.waitFor((f) => f.type === 'connection_ack');
    expect(p.closed).toBeUndefined();
  });

  it.each([
    ['not JSON', '{oops'],
    ['an unknown type', { type: 'hello' }],
    ['a subscribe without id', { type: 'subscribe', payload: { query: NOTES } }],
    ['a subscribe without query', { type: 'subscribe', id: '1', payload: {} }],
    ['an array', [1, 2]],
  ])('closes with 4400 on %s and keeps serving others', async (_what, message) => {
    const p = await peer();
    p.send({ type: 'connection_init', payload: {} });
    await p.waitFor((f) => f.type === 'connection_ack');
    p.send(message);
    const closed = await p.waitForClose();
    expect(closed.code).toBe(4400);
    expect(JSON.parse(closed.reason).server_error_msg).toMatch(/^4400: Parsing client message failed/);

    const sub = watch(client({ headers: { Authorization: 'Bearer user:u1' } }), NOTES);
    await until(() => sub.results.length === 1);
  });

  it('closes with 4401 on subscribe before connection_init, 4429 on a second init, 4409 on a duplicate id', async () => {
    const early = await peer();
    early.send({ type: 'subscribe', id: '1', payload: { query: NOTES } });
    expect((await early.waitForClose()).code).toBe(4401);

    const twice = await peer();
    twice.send({ type: 'connection_init', payload: {} });
    twice.send({ type: 'connection_init', payload: {} });
    expect((await twice.waitForClose()).code).toBe(4429);

    const dup = await peer();
    dup.send({ type: 'connection_init', payload: { headers: { Authorization: 'Bearer user:u1' } } });
    dup.send({ type: 'subscribe', id: 'a', payload: { query: NOTES } });
    dup.send({ type: 'subscribe', id: 'a', payload: { query: NOTES } });
    expect((await dup.waitForClose()).code).toBe(4409);
    await until(() => server.subscriptions.stats().subscribers === 0);
  });

  it('stops pushing after the client completes an operation, and frees everything when a socket drops', async () => {
    const p = await peer();
    p.send({ type: 'connection_init', payload: { headers: { Authorization: 'Bearer user:u1' } } });
    p.send({ type: 'subscribe', id: 's1', payload: { query: NOTES } });
    await p.waitFor((f) => f.type === 'next' && f.id === 's1');
    p.send({ type: 'complete', id: 's1' });
    await until(() => server.subscriptions.stats().subscribers === 0);
    const seen = p.frames.length;
    server.engine.notes[0].title = 'nobody listens';
    await sleep(150);
    expect(p.frames.slice(seen).filter((f) => f.type === 'next')).toEqual([]);

    p.send({ type: 'subscribe', id: 's2', payload: { query: NOTES } });
    await p.waitFor((f) => f.type === 'next' && f.id === 's2');
    p.close();
    await until(() => server.subscriptions.stats().connections === 0 && server.subscriptions.stats().pollers === 0);
  });

  it('close() closes client sockets with 1012 and stops every poller', async () => {
    const p = await peer();
    p.send({ type: 'connection_init', payload: { headers: { Authorization: 'Bearer user:u1' } } });
    p.send({ type: 'subscribe', id: 's1', payload: { query: NOTES } });
    await p.waitFor((f) => f.type === 'next');
    await server.subscriptions.close();
    expect((await p.waitForClose()).code).toBe(1012);
    expect(server.subscriptions.stats()).toMatchObject({ pollers: 0, connections: 0 });
    const runs = server.engine.runs;
    await sleep(150);
    expect(server.engine.runs).toBe(runs);
  });

  it('leaves upgrades on other paths to other listeners, and answers 404 when there are none', async () => {
    const elsewhere = server.url.replace('/v1/graphql', '/elsewhere');
    const attempt = async () => {
      const other = new WebSocket(elsewhere, 'graphql-transport-ws');
      other.on('error', () => undefined); // terminated before the handshake ends
      const outcome = await Promise.race([
        new Promise((resolve) => other.once('open', () => resolve('opened'))),
        new Promise((resolve) => other.once('unexpected-response', (_req, res) => resolve(res.statusCode))),
        sleep(300).then(() => 'untouched'),
      ]);
      other.terminate();
      return outcome;
    };
    expect(await attempt()).toBe(404);

    const handled: string[] = [];
    server.http.on('upgrade', (req, socket) => {
      if (req.url === '/elsewhere') handled.push(req.url);
      socket.destroy();
    });
    await attempt();
    expect(handled).toEqual(['/elsewhere']);
  });

  it('shuts down with the http server: closeAllConnections() then close() does not wait for live sockets', async () => {
    const p = await peer();
    p.send({ type: 'connection_init', payload: {} });
    await p.waitFor((f) => f.type === 'connection_ack');
    server.http.closeAllConnections();
    await new Promise<void>((resolve) => server.http.close(() => resolve()));
    expect((await p.waitForClose()).code).toBe(1012);
  });
});
