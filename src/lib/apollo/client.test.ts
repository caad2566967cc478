// The data client against a real HTTP GraphQL endpoint and a real graphql-ws server: headers,
// token wait, socket restart with 4205, cache reset on sign-out and the SPEC 8 error messages.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gql } from '@apollo/client';
import { WebSocket, WebSocketServer } from 'ws';
import { authHeaders, createDataClient, type DataClient } from './client';
import { describeDataError, NO_BACKEND_URL_MESSAGE } from './errors';
import type { SessionEvent, SessionSource } from './session';

function jwt(expInSeconds: number, sub = 'user'): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256' })}.${enc({ sub, exp: Math.floor(Date.now() / 1000) + expInSeconds })}.sig`;
}

class FakeSession implements SessionSource {
  token: string | null = null;
  private listeners = new Set<(e: SessionEvent, t: string | null) => void>();
  getAccessToken() {
    return this.token;
  }
  onSessionEvent(listener: (e: SessionEvent, t: string | null) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  emit(event: SessionEvent, token: string | null) {
    this.token = token;
    for (const l of this.listeners) l(event, token);
  }
}

interface Backend {
  url: string;
  httpHeaders: http.IncomingHttpHeaders[];
  wsInits: Record<string, unknown>[];
  wsCloses: { code: number; reason: string }[];
  respondWith: ((res: http.ServerResponse) => void) | null;
  close(): Promise<void>;
}

async function startBackend(): Promise<Backend> {
  const backend: Backend = { url: '', httpHeaders: [], wsInits: [], wsCloses: [], respondWith: null, close: async () => {} };
  const server = http.createServer((req, res) => {
    backend.httpHeaders.push(req.headers);
    req.resume();
    req.on('end', () => {
      if (backend.respondWith) return backend.respondWith(res);
      const who = req.headers.authorization ?? `role ${req.headers['x-hasura-role']}`;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: { whoami: who } }));
    });
  });
  // A minimal graphql-transport-ws server: records connection_init payloads and close codes,
  // answers every subscription with one value.
  const wss = new WebSocketServer({ server, path: '/v1/graphql', handleProtocols: (protocols) => (protocols.has('graphql-transport-ws') ? 'graphql-transport-ws' : false) });
  wss.on('connection', (socket) => {
    socket.on('close', (code, reason) => backend.wsCloses.push({ code, reason: reason.toString() }));
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; id?: string; payload?: Record<string, unknown> };
      if (message.type === 'connection_init') {
        backend.wsInits.push(message.payload ?? {});
        socket.send(JSON.stringify({ type: 'connection_ack' }));
      } else if (message.type === 'ping') {
        socket.send(JSON.stringify({ type: 'pong' }));
      } else if (message.type === 'subscribe') {
        socket.send(JSON.stringify({ type: 'next', id: message.id, payload: { data: { whoami: 'hello' } } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  backend.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/graphql`;
  backend.close = async () => {
    for (const client of wss.clients) client.terminate();
    wss.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return backend;
}

const WHOAMI = gql`
  query WhoAmI {
    whoami
  }
`;
const WHOAMI_LIVE = gql`
  subscription WhoAmILive {
    whoami
  }
`;

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('data client', () => {
  let backend: Backend;
  let session: FakeSession;
  let data: DataClient | null = null;
  const logged: string[] = [];

  beforeEach(async () => {
    backend = await startBackend();
    session = new FakeSession();
    logged.length = 0;
  });
  afterEach(async () => {
    await data?.dispose();
    data = null;
    await backend.close();
  });

  const open = () =>
    (data = createDataClient({ graphqlUrl: backend.url, session, realtime: true, webSocketImpl: WebSocket, log: (m) => void logged.push(m) }));

  it('refuses to start without a backend URL', () => {
    expect(() => createDataClient({ graphqlUrl: '', session })).toThrow(NO_BACKEND_URL_MESSAGE);
  });

  it('sends the public role when signed out and the bearer token when signed in', async () => {
    const { client } = open();
    const anon = await client.query({ query: WHOAMI, fetchPolicy: 'network-only' });
    expect(anon.data).toEqual({ whoami: 'role public' });
    expect(backend.httpHeaders[0]?.authorization).toBeUndefined();

    const token = jwt(900);
    session.emit('SIGNED_IN', token);
    const signedIn = await client.query({ query: WHOAMI, fetchPolicy: 'network-only' });

    expect(signedIn.data).toEqual({ whoami: `Bearer ${token}` });
    expect(backend.httpHeaders[1]?.['x-hasura-role']).toBeUndefined();
  });

  it('holds a request while the stored token is about to expire, then sends the refreshed one', async () => {
    session.token = jwt(2); // within the 3 s tolerance
    const { client } = open();
    const pending = client.query({ query: WHOAMI, fetchPolicy: 'network-only' });
    await new Promise((r) => setTimeout(r, 350));
    expect(backend.httpHeaders).toHaveLength(0);
    const fresh = jwt(900, 'refreshed');
    session.emit('TOKEN_CHANGED', fresh);
    const result = await pending;
    expect(result.data).toEqual({ whoami: `Bearer ${fresh}` });
  });

  it('puts the headers in connection_init and restarts the socket with 4205 on a new token', async () => {
    const first = jwt(900, 'first');
    session.token = first;
    const { client } = open();
    const values: unknown[] = [];
    const sub = client.subscribe({ query: WHOAMI_LIVE }).subscribe({ next: (v) => values.push(v.data) });
    await until(() => values.length === 1);
    expect(backend.wsInits[0]).toEqual({ headers: { Authorization: `Bearer ${first}` } });

    const second = jwt(900, 'second');
    session.emit('TOKEN_CHANGED', second);
    await until(() => backend.wsInits.length === 2);
    expect(backend.wsCloses[0]).toEqual({ code: 4205, reason: 'Client Restart' });
    expect(backend.wsInits[1]).toEqual({ headers: { Authorization: `Bearer ${second}` } });
    sub.unsubscribe();
  });

  it('drops the token and resets the cache on sign-out', async () => {
    session.token = jwt(900);
    const { client } = open();
    await client.query({ query: WHOAMI });
    expect(client.readQuery({ query: WHOAMI })).not.toBeNull();
    session.emit('SIGNOUT', null);
    await until(() => client.readQuery({ query: WHOAMI }) === null);
    const after = await client.query({ query: WHOAMI, fetchPolicy: 'network-only' });
    expect(after.data).toEqual({ whoami: 'role public' });
  });

  it('only logs a failed cache reset', async () => {
    const { client } = open();
    client.resetStore = () => Promise.reject(new Error('boom'));
    session.emit('TOKEN_CHANGED', null);
    await until(() => logged.length === 1);
    expect(logged[0]).toMatch(/Resetting the data cache/);
  });

  it.each([
    ['status 500', (res: http.ServerResponse) => ((res.statusCode = 500), res.end('oops')), 'http-status', 'Response not successful: Received status code 500'],
    ['a non-JSON body', (res: http.ServerResponse) => res.end('<html>'), 'parse-error', undefined],
    ['a JSON object without data', (res: http.ServerResponse) => res.end('{}'), 'missing-response', "Server response was missing for query 'WhoAmI'."],
    ['JSON that is not an object', (res: http.ServerResponse) => res.end('"OK"'), 'invalid-response', 'incorrect response data from GraphQL server'],
  ])('reports %s in the words of the spec', async (_name, respond, code, message) => {
    const { client } = open();
    backend.respondWith = respond;
    const error = await client.query({ query: WHOAMI, fetchPolicy: 'network-only' }).then(
      (r) => r.error,
      (e: unknown) => e,
    );
    const described = describeDataError(error, 'WhoAmI');
    expect(described.code).toBe(code);
    if (message) expect(described.message).toBe(message);
  });

  it('builds the header pair used by both transports', () => {
    expect(authHeaders(null)).toEqual({ 'x-hasura-role': 'public' });
    expect(authHeaders('t')).toEqual({ Authorization: 'Bearer t' });
  });
});
