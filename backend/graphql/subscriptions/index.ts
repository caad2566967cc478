// GraphQL over WebSocket on the same path as HTTP (/v1/graphql), as Hasura serves it: both
// sub-protocols, auth from connection_init, live queries multiplexed per PreparedSubscription.key.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { SubscriptionDeps, SubscriptionServer } from '../types';
import type { Logger } from '../../context';
import { LiveQueryHub, type LiveQueryStats } from './liveQueries';
import { Connection, requestHeaders } from './connection';
import { chooseProtocol, CloseCode, protocolOf } from './protocol';

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
  log?: Logger;
}

export interface LiveSubscriptionServer extends SubscriptionServer {
  /** Closes every client socket with this code (clients of both protocols reconnect on a non-fatal one). */
  closeAllConnections(code: number, reason: string): void;
  stats(): LiveQueryStats & { connections: number };
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
  };
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
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const connection = new Connection(ws, protocolOf(ws.protocol), requestHeaders(req.headers), deps, hub, {
        connectionInitTimeoutMs: settings.connectionInitTimeoutMs,
        keepAliveMs: settings.keepAliveMs,
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
    stats: () => ({ ...hub.stats(), connections: connections.size }),
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

/** A positive number from the environment times `scale`, else the fallback. */
function envNumber(name: string, scale: number, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n * scale : fallback;
}
