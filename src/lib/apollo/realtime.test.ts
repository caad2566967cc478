// Liveness of the realtime connection against a real WebSocket server that stops answering pings.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createRealtimeConnection, toWebSocketUrl, type RealtimeConnection } from './realtime';

let server: http.Server | undefined;
let connection: RealtimeConnection | undefined;
afterEach(async () => {
  await connection?.dispose();
  if (!server) return;
  server.closeAllConnections();
  await new Promise((r) => server!.close(r));
});

it('maps the GraphQL URL to ws(s)', () => {
  expect(toWebSocketUrl('https://x.graphql.eu-central-1.nhost.run/v1')).toBe('wss://x.graphql.eu-central-1.nhost.run/v1');
  expect(toWebSocketUrl('http://localhost:1337/v1/graphql')).toBe('ws://localhost:1337/v1/graphql');
});

it('closes the socket with 4408 when a ping gets no pong in time, then reconnects', async () => {
  server = http.createServer();
  const closes: number[] = [];
  let connections = 0;
  const wss = new WebSocketServer({ server, handleProtocols: () => 'graphql-transport-ws' });
  wss.on('connection', (socket) => {
    connections++;
    socket.on('close', (code) => closes.push(code));
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; id?: string };
      if (message.type === 'connection_init') socket.send(JSON.stringify({ type: 'connection_ack' }));
      // pings are deliberately never answered
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  connection = createRealtimeConnection({ url, headers: async () => ({}), webSocketImpl: WebSocket, pingIntervalMs: 50, pongTimeoutMs: 150, random: () => 0 });
  const sub = connection.client.iterate({ query: 'subscription { x }' });
  void sub.next().catch(() => {});
  const end = Date.now() + 5000;
  while (connections < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  expect(closes[0]).toBe(4408);
  expect(connections).toBe(2);
  await sub.return?.();
});
