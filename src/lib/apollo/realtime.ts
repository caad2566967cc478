// The realtime connection: graphql-ws over graphql-transport-ws with the auth headers in
// connection_init, reconnects with backoff, ping/pong liveness and a credential restart (SPEC 4, 8, 9).
import { createClient, type Client } from 'graphql-ws';
import { reconnectDelayMs, WS_RETRY_ATTEMPTS } from './backoff';
import { CLIENT_RESTART_CODE, CLIENT_RESTART_REASON, PONG_TIMEOUT_CODE, PONG_TIMEOUT_MS, shouldRetryRealtime } from './closeCodes';

export const WS_PING_INTERVAL_MS = 10_000;

export interface RealtimeOptions {
  url: string;
  /** Headers for connection_init, read on every (re)connect. */
  headers: () => Promise<Record<string, string>>;
  webSocketImpl?: unknown;
  random?: () => number;
  /** Overridable for tests; the product uses the spec's values. */
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
}

export interface RealtimeConnection {
  client: Client;
  /** Closes the socket with 4205 "Client Restart" so it reconnects at once with fresh headers. */
  restart(): void;
  dispose(): Promise<void>;
}

interface SocketLike {
  readyState: number;
  close(code: number, reason: string): void;
}
const OPEN = 1;

export function toWebSocketUrl(httpUrl: string): string {
  return httpUrl.replace(/^http/, 'ws');
}

export function createRealtimeConnection({
  url,
  headers,
  webSocketImpl,
  random = Math.random,
  pingIntervalMs = WS_PING_INTERVAL_MS,
  pongTimeoutMs = PONG_TIMEOUT_MS,
}: RealtimeOptions): RealtimeConnection {
  let socket: SocketLike | null = null;
  let restartRequested = false;
  let restarting = false;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

  const client = createClient({
    url: toWebSocketUrl(url),
    webSocketImpl,
    connectionParams: async () => ({ headers: await headers() }),
    retryAttempts: WS_RETRY_ATTEMPTS,
    shouldRetry: shouldRetryRealtime,
    // A restart is not a failure: reconnect at once instead of backing off.
    retryWait: async (retries) => {
      if (restarting) {
        restarting = false;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(retries, random())));
    },
    keepAlive: pingIntervalMs,
    on: {
      opened: (ws) => {
        socket = ws as SocketLike;
      },
      connected: () => {
        if (restartRequested) {
          restartRequested = false;
          restart();
        }
      },
      closed: () => {
        socket = null;
        clearTimeout(pongTimer);
      },
      ping: (received) => {
        if (received) return;
        pongTimer = setTimeout(() => {
          if (socket?.readyState === OPEN) socket.close(PONG_TIMEOUT_CODE, 'Request Timeout');
        }, pongTimeoutMs);
      },
      pong: (received) => {
        if (received) clearTimeout(pongTimer);
      },
    },
  });

  function restart(): void {
    if (socket?.readyState === OPEN) {
      restarting = true;
      socket.close(CLIENT_RESTART_CODE, CLIENT_RESTART_REASON);
    } else if (socket) {
      // Still handshaking with the old credentials: restart as soon as it is up.
      restartRequested = true;
    }
  }

  return {
    client,
    restart,
    async dispose() {
      clearTimeout(pongTimer);
      await client.dispose();
    },
  };
}
