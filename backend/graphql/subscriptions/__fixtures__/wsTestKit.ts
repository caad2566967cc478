// Test helpers: an http server with subscriptions attached over a fake engine, and a raw
// WebSocket peer that records every message and the close frame.
import http from 'node:http';
import { WebSocket } from 'ws';
import { attachSubscriptions, type LiveSubscriptionServer, type SubscriptionOptions } from '../index';
import { createFakeEngine, type FakeEngine } from './fakeEngine';

export interface TestServer {
  url: string;
  engine: FakeEngine;
  subscriptions: LiveSubscriptionServer;
  http: http.Server;
  close(): Promise<void>;
}

export async function startTestServer(opts: SubscriptionOptions = {}): Promise<TestServer> {
  const engine = createFakeEngine();
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  const subscriptions = attachSubscriptions(server, '/v1/graphql', engine, { refetchIntervalMs: 50, ...opts });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `ws://127.0.0.1:${port}/v1/graphql`,
    engine,
    subscriptions,
    http: server,
    async close() {
      await subscriptions.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Frame {
  type: string;
  id?: string;
  payload?: unknown;
}

export class RawPeer {
  readonly frames: Frame[] = [];
  closed: { code: number; reason: string } | undefined;
  private waiters: Array<() => void> = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  static async connect(url: string, protocol: string | undefined): Promise<RawPeer> {
    const socket = protocol ? new WebSocket(url, protocol) : new WebSocket(url);
    const peer = new RawPeer(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return peer;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Resolves with the first recorded frame (from `from` on) matching, or rejects after timeoutMs. */
  async waitFor(match: (f: Frame) => boolean, timeoutMs = 3000, from = 0): Promise<Frame> {
    return this.until(() => this.frames.slice(from).find(match), timeoutMs, 'frame');
  }

  async waitForClose(timeoutMs = 3000): Promise<{ code: number; reason: string }> {
    return this.until(() => this.closed, timeoutMs, 'close');
  }

  close(): void {
    this.socket.terminate();
  }

  private async until<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = probe();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(this.frames)} closed: ${JSON.stringify(this.closed)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
