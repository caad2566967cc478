// The legacy Apollo protocol (`graphql-ws`, subscriptions-transport-ws) against a fake engine:
// the real SubscriptionClient for what apps do, a raw socket for Hasura's exact frames.
import { SubscriptionClient } from 'subscriptions-transport-ws';
import { WebSocket } from 'ws';
import { RawPeer, sleep, startTestServer, type TestServer } from './__fixtures__/wsTestKit';

const NOTES = 'subscription { notes { id title } }';

let server: TestServer;
const closers: Array<() => void> = [];

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  for (const c of closers.splice(0)) c();
  await server.close();
});

async function until(probe: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

function legacyClient(headers: Record<string, string>, reconnect = false): SubscriptionClient {
  const c = new SubscriptionClient(server.url, { connectionParams: { headers }, reconnect, timeout: 5000 }, WebSocket);
  closers.push(() => c.close());
  return c;
}

async function peer(protocol: string | undefined = 'graphql-ws'): Promise<RawPeer> {
  const p = await RawPeer.connect(server.url, protocol);
  closers.push(() => p.close());
  return p;
}

describe('legacy graphql-ws (subscriptions-transport-ws)', () => {
  it('serves the real SubscriptionClient: first result, then only changes the caller may see', async () => {
    const c = legacyClient({ Authorization: 'Bearer user:u2' });
    const results: unknown[] = [];
    const sub = c.request({ query: NOTES }).subscribe({ next: (v) => results.push(v) });
    closers.push(() => sub.unsubscribe());
    await until(() => results.length === 1);
    expect(results[0]).toEqual({ data: { notes: [{ id: 2, owner: 'u2', title: 'second' }] } });

    server.engine.notes[0].title = 'not theirs';
    await sleep(200);
    expect(results).toHaveLength(1);
    server.engine.notes[1].title = 'theirs';
    await until(() => results.length === 2);
    expect(results[1]).toEqual({ data: { notes: [{ id: 2, owner: 'u2', title: 'theirs' }] } });
  });

  it('sends connection_ack then ka, data for start, complete for a query, nothing after stop', async () => {
    const p = await peer();
    p.send({ type: 'connection_init', payload: { headers: { Authorization: 'Bearer user:u1' } } });
    // The legacy client does not wait for the ack before starting: messages are handled in order.
    p.send({ type: 'start', id: '1', payload: { query: NOTES } });
    p.send({ type: 'start', id: '2', payload: { query: 'query { notes { id } }' } });
    await p.waitFor((f) => f.type === 'complete' && f.id === '2');
    await p.waitFor((f) => f.type === 'data' && f.id === '1');
    const types = p.frames.map((f) => `${f.type}${f.id ? `:${f.id}` : ''}`);
    expect(types.slice(0, 2)).toEqual(['connection_ack', 'ka']);
    expect(types).toContain('data:1');
    expect(p.frames.find((f) => f.type === 'data' && f.id === '2')?.payload).toEqual({ data: { notes: [{ id: 1, owner: 'u1', title: 'first' }] } });

    p.send({ type: 'stop', id: '1' });
    await until(() => server.subscriptions.stats().subscribers === 0);
    const seen = p.frames.length;
    server.engine.notes[0].title = 'changed after stop';
    await sleep(150);
    expect(p.frames.slice(seen)).toEqual([]);
  });

  it('treats a socket without a sub-protocol as legacy, as Hasura does', async () => {
    const p = await peer(undefined);
    p.send({ type: 'connection_init', payload: {} });
    await p.waitFor((f) => f.type === 'ka');
  });

  it('answers a bad token with connection_error and closes 4400', async () => {
    const p = await peer();
    p.send({ type: 'connection_init', payload: { headers: { Authorization: 'Bearer forged' } } });
    const err = await p.waitFor((f) => f.type === 'connection_error');
    expect(err.payload).toMatch(/^Could not verify JWT/);
    const closed = await p.waitForClose();
    expect(closed.code).toBe(4400);
    expect(JSON.parse(closed.reason).server_error_msg).toMatch(/^4400: Connection initialization failed: Could not verify JWT/);
  });

  it('answers validation errors with error {errors} and complete', async () => {
    const p = await peer();
    p.send({ type: 'connection_init', payload: { headers: { Authorization: 'Bearer user:u1' } } });
    p.send({ type: 'start', id: 'x', payload: { query: 'subscription { secrets { id } }' } });
    const err = await p.waitFor((f) => f.type === 'error');
    expect(err).toEqual({
      type: 'error',
      id: 'x',
      payload: { errors: [{ message: "field 'secrets' not found in type: 'subscription_root'", extensions: { path: '$', code: 'validation-failed' } }] },
    });
    await p.waitFor((f) => f.type === 'complete' && f.id === 'x');
  });

  it('sends execution errors of a mutation as data {errors}', async () => {
    const p = await peer();
    p.send({ type: 'connection_init', payload: {} });
    p.send({ type: 'start', id: 'm', payload: { query: 'mutation { fail { id } }' } });
    const data = await p.waitFor((f) => f.type === 'data');
    expect(data.payload).toEqual({ errors: [{ message: 'Uniqueness violation', extensions: { path: '$.selectionSet.fail', code: 'constraint-violation' } }] });
    await p.waitFor((f) => f.type === 'complete');
  });

  it('answers malformed messages with connection_error and stays open', async () => {
    const p = await peer();
    p.send('not json');
    const err = await p.waitFor((f) => f.type === 'connection_error');
    expect(err.payload).toMatch(/^parsing ClientMessage failed/);
    p.send({ type: 'connection_init', payload: {} });
    await p.waitFor((f) => f.type === 'connection_ack');
    expect(p.closed).toBeUndefined();
  });

  it('refuses start before init and a reused id with start-failed', async () => {
    const p = await peer();
    p.send({ type: 'start', id: '1', payload: { query: NOTES } });
    const early = await p.waitFor((f) => f.type === 'error');
    expect(early.payload).toEqual({ message: 'start received before the connection is initialised', extensions: { path: '$', code: 'start-failed' } });

    p.send({ type: 'connection_init', payload: { headers: { Authorization: 'Bearer user:u1' } } });
    p.send({ type: 'start', id: '2', payload: { query: NOTES } });
    p.send({ type: 'start', id: '2', payload: { query: NOTES } });
    const dup = await p.waitFor((f) => f.type === 'error' && f.id === '2');
    expect(dup.payload).toEqual({ message: 'an operation already exists with this id: 2', extensions: { path: '$', code: 'start-failed' } });
    expect(server.subscriptions.stats().subscribers).toBe(1);
  });

  it('closes on connection_terminate and frees the subscriptions', async () => {
    const p = await peer();
    p.send({ type: 'connection_init', payload: { headers: { Authorization: 'Bearer user:u1' } } });
    p.send({ type: 'start', id: '1', payload: { query: NOTES } });
    await p.waitFor((f) => f.type === 'data');
    p.send({ type: 'connection_terminate' });
    expect((await p.waitForClose()).code).toBe(1000);
    await until(() => server.subscriptions.stats().pollers === 0);
  });

  it('the real client reconnects after a server restart (1012) and resumes', async () => {
    const c = legacyClient({ Authorization: 'Bearer user:u1' }, true);
    const results: unknown[] = [];
    const sub = c.request({ query: NOTES }).subscribe({ next: (v) => results.push(v) });
    closers.push(() => sub.unsubscribe());
    await until(() => results.length === 1);
    server.subscriptions.closeAllConnections(1012, 'Server state changed, restarting the server');
    await until(() => server.subscriptions.stats().subscribers === 0);
    await until(() => server.subscriptions.stats().subscribers === 1, 5000);
    server.engine.notes[0].title = 'resumed';
    await until(() => results.some((r) => JSON.stringify(r).includes('resumed')));
  });
});
