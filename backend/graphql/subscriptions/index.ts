// GraphQL over WebSocket on the same path as HTTP (/v1/graphql), as Hasura serves it: both
// sub-protocols, auth from connection_init, live queries multiplexed per PreparedSubscription.key.
//
// Limits (options win over the environment):
//   GRAPHQL_WS_MAX_SUBSCRIPTIONS_PER_SOCKET (default 200): operations one socket may hold at once,
//     live subscriptions plus queries/mutations still running (graphql-ws calls every operation a
//     subscription). One over it is refused alone: graphql-ws gets an `error` message for its id,
//     the legacy protocol `error` then `complete`; the socket and its other operations go on.
//     The web app holds one socket per tab with a few dozen subscriptions at most.
//   GRAPHQL_WS_MAX_SOCKETS_PER_CLIENT (default 1000): open sockets per client address. The upgrade
//     over it is answered `HTTP 429 Too Many Requests` and never becomes a WebSocket: nothing is
//     allocated for it, the status says what happened (a close code would have to be invented, and
//     4429 already means "too many initialisation requests" in graphql-ws), and clients retry with
//     their back-off. A slot is freed when its TCP connection closes. The client address is the
//     peer's, or, when the peer is a trusted proxy (loopback, as the HTTP server's `trust proxy`),
//     the nearest untrusted address of X-Forwarded-For. 1000 leaves room for `npm run bench:graphql`
//     (500 sockets from 127.0.0.1, twice in a row) and for many users behind one NAT.
//   maxMessageBytes (1 MiB): larger client messages close the socket with 1009.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { SubscriptionDeps, SubscriptionServer } from '../types';
import type { Logger } from '../../context';
import { LiveQueryHub, type LiveQueryStats } from './liveQueries';
import { Connection, requestHeaders } from './connection';
import { chooseProtocol, CloseCode, protocolOf } from './protocol';
import { isLoopback, rateLimitKey, trustedProxy } from '../../clientAddress';

export interface SubscriptionOptions {
  /** Live-query refetch interval; default env HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL (ms) or 1000. */
  refetchIntervalMs?: number;
  /** Time a client has to send connection_init; default env HASURA_GRAPHQL_WEBSOCKET_CONNECTION_INIT_TIMEOUT (s) or 3 s. */
  connectionInitTimeoutMs?: number;
  /** Keep-alive (`ka` / ping) period; default env HASURA_GRAPHQL_WEBSOCKET_KEEPALIVE (s) or 5 s. */
  keepAliveMs?: number;
  /** Live-query runs allowed on the database at once, across all queries. Default 4. */
  maxConcurrentRuns?: number;
  /** Largest accepted client message; bigger ones close the socket (1009). Default 1 MiB. */
  maxMessageBytes?: number;
  /** Operations one socket may hold at once; default env GRAPHQL_WS_MAX_SUBSCRIPTIONS_PER_SOCKET or 200. */
  maxOperationsPerSocket?: number;
  /** Open sockets per client address; default env GRAPHQL_WS_MAX_SOCKETS_PER_CLIENT or 1000. */
  maxSocketsPerClient?: number;
  /** Peers whose X-Forwarded-For names the client; default loopback addresses. */
  trustProxy?: (address: string) => boolean;
  log?: Logger;
}

export const DEFAULT_MAX_OPERATIONS_PER_SOCKET = 200;
export const DEFAULT_MAX_SOCKETS_PER_CLIENT = 1000;

export interface LiveSubscriptionServer extends SubscriptionServer {
  /** Closes every client socket with this code (clients of both protocols reconnect on a non-fatal one). */
  closeAllConnections(code: number, reason: string): void;
  stats(): LiveQueryStats & { connections: number; clients: number };
}

export function attachSubscriptions(
  server: http.Server,
  path: string,
  deps: SubscriptionDeps,
  opts: SubscriptionOptions = {},
): LiveSubscriptionServer {
  const settings = {
    refetchIntervalMs: opts.refetchIntervalMs ?? envNumber('HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL', 1, 1000),
    connectionInitTimeoutMs: opts.connectionInitTimeoutMs ?? envNumber('HASURA_GRAPHQL_WEBSOCKET_CONNECTION_INIT_TIMEOUT', 1000, 3000),
    keepAliveMs: opts.keepAliveMs ?? envNumber('HASURA_GRAPHQL_WEBSOCKET_KEEPALIVE', 1000, 5000),
    maxOperations: opts.maxOperationsPerSocket ?? envInteger('GRAPHQL_WS_MAX_SUBSCRIPTIONS_PER_SOCKET', DEFAULT_MAX_OPERATIONS_PER_SOCKET),
    maxSocketsPerClient: opts.maxSocketsPerClient ?? envInteger('GRAPHQL_WS_MAX_SOCKETS_PER_CLIENT', DEFAULT_MAX_SOCKETS_PER_CLIENT),
  };
  const trustProxy = opts.trustProxy ?? trustedProxy();
  /** Open sockets (counted from the upgrade until the TCP connection closes) per client address. */
  const perClient = new Map<string, number>();
  const hub = new LiveQueryHub(settings.refetchIntervalMs, opts.log, opts.maxConcurrentRuns ?? 4);
  const connections = new Set<Connection>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: opts.maxMessageBytes ?? 1024 * 1024,
    handleProtocols: (offered) => chooseProtocol(offered),
  });

  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathnameOf(req.url) !== path) {
      // Other paths belong to other listeners; with none, answer rather than leave the socket hanging.
      if (server.listenerCount('upgrade') === 1) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const client = rateLimitKey(clientAddress(req, trustProxy));
    const open = perClient.get(client) ?? 0;
    if (open >= settings.maxSocketsPerClient) {
      const body = JSON.stringify({
        errors: [{ message: `too many open connections from this client: at most ${settings.maxSocketsPerClient}`, extensions: { path: '$', code: 'too-many-connections' } }],
      });
      // A client that resets the connection meanwhile is no error of ours.
      socket.on('error', () => undefined);
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
    perClient.set(client, open + 1);
    // The TCP connection closes however the socket ends (close frame, terminate, failed handshake).
    socket.once('close', () => {
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    });
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const connection = new Connection(ws, protocolOf(ws.protocol), requestHeaders(req.headers), deps, hub, {
        connectionInitTimeoutMs: settings.connectionInitTimeoutMs,
        keepAliveMs: settings.keepAliveMs,
        maxOperations: settings.maxOperations,
        log: opts.log,
      });
      connections.add(connection);
      ws.on('close', () => connections.delete(connection));
    });
  };
  server.on('upgrade', onUpgrade);

  const closeAll = (code: number, reason: string) => {
    for (const c of [...connections]) c.close(code, reason, true);
  };

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      server.off('upgrade', onUpgrade);
      hub.close();
      // Hasura closes with 1012 when its state changes: clients treat it as "reconnect shortly".
      closeAll(CloseCode.Restart, 'Server state changed, restarting the server');
      await waitForClosed(wss, 1000);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    })());

  // Upgraded sockets are no longer the http server's: closeAllConnections() skips them and
  // server.close() would wait for them forever. Shutting the http server down shuts us down too.
  const closeHttpConnections = server.closeAllConnections.bind(server);
  server.closeAllConnections = () => {
    void close();
    closeHttpConnections();
  };

  return {
    closeAllConnections: closeAll,
    stats: () => ({ ...hub.stats(), connections: connections.size, clients: perClient.size }),
    close,
  };
}

/** Waits for the clients to answer the close frame, then cuts the rest off. */
async function waitForClosed(wss: WebSocketServer, graceMs: number): Promise<void> {
  const deadline = Date.now() + graceMs;
  while ([...wss.clients].some((c) => c.readyState !== c.CLOSED) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 10));
  }
  for (const c of wss.clients) c.terminate();
}

function pathnameOf(url: string | undefined): string {
  const raw = url ?? '/';
  const q = raw.indexOf('?');
  return q === -1 ? raw : raw.slice(0, q);
}

export { isLoopback };

/**
 * The client's address: the peer's, or, while that is a trusted proxy, the next address from the
 * right of X-Forwarded-For (what express computes with the same `trust proxy`).
 */
export function clientAddress(req: http.IncomingMessage, trustProxy: (address: string) => boolean): string {
  const normalise = (a: string) => (a.startsWith('::ffff:') ? a.slice(7) : a).toLowerCase();
  let address = normalise(req.socket.remoteAddress ?? 'unknown');
  const raw = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  while (trustProxy(address) && forwarded.length) address = normalise(forwarded.pop()!);
  return address;
}

/** A whole number of at least 1 from the environment, else the fallback. */
function envInteger(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** A positive number from the environment times `scale`, else the fallback. */
function envNumber(name: string, scale: number, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n * scale : fallback;
}
