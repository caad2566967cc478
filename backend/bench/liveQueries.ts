// Live-query load: many graphql-ws clients over real sockets in this process, each holding one
// subscription; one UPDATE touches a row every subscription shows, and we time how long each
// client waits for it.
import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import { WebSocket } from 'ws';
import type { Db } from '../db';
import { summarise, type Latency } from './stats';

export const LATEST_BOOKINGS = `subscription Latest($acc: uuid!, $limit: Int!) {
  bookings(where: {unit: {accommodation_id: {_eq: $acc}}}, order_by: {id: asc}, limit: $limit) { id guest_name status }
}`;

export interface LiveQueryBenchOptions {
  wsUrl: string;
  db: Db;
  subscriptions: number;
  /** Distinct queries (accommodation x limit) the subscriptions are spread over. */
  distinctQueries: number;
  rounds: number;
  /** Signs a token for the host that owns accommodation `index` (0..199). */
  tokenForAccommodation(index: number): Promise<string>;
  accommodationId(index: number): string;
}

export interface LiveQueryBenchResult {
  connected: number;
  initialMs: number;
  latency: Latency;
  updatesExpected: number;
  updatesReceived: number;
  errors: number;
  errorSamples: string[];
}

interface Subscriber {
  client: Client;
  last: string;
  initial: boolean;
  waitingFor?: { marker: string; since: number; record(ms: number): void };
}

const ACCOMMODATIONS = 200;
const BATCH = 100;

export async function runLiveQueryBench(opts: LiveQueryBenchOptions): Promise<LiveQueryBenchResult> {
  const errors: string[] = [];
  const subs: Subscriber[] = [];
  const t0 = performance.now();

  for (let i = 0; i < opts.subscriptions; i++) {
    // Clients arrive in batches, as they would across a real network, rather than all in one tick.
    if (i > 0 && i % BATCH === 0) await waitUntil(() => subs.every((s) => s.initial), 30_000);
    const q = i % opts.distinctQueries;
    const acc = q % ACCOMMODATIONS;
    const token = await opts.tokenForAccommodation(acc);
    const client = createClient({
      url: opts.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { headers: { Authorization: `Bearer ${token}` } },
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: (e) => errors.push(`socket ${i}: ${describe(e)}`),
      on: {
        closed: (e) => {
          const code = (e as { code?: number }).code;
          if (code !== 1000) errors.push(`socket ${i} closed with ${code} ${(e as { reason?: string }).reason ?? ''}`);
        },
      },
    });
    const sub: Subscriber = { client, last: '', initial: false };
    client.subscribe(
      { query: LATEST_BOOKINGS, variables: { acc: opts.accommodationId(acc), limit: 10 + Math.floor(q / ACCOMMODATIONS) } },
      {
        next: (value) => {
          const text = JSON.stringify(value);
          if (value.errors) errors.push(`subscription ${i}: ${JSON.stringify(value.errors).slice(0, 200)}`);
          sub.last = text;
          sub.initial = true;
          const w = sub.waitingFor;
          if (w && text.includes(w.marker)) {
            sub.waitingFor = undefined;
            w.record(performance.now() - w.since);
          }
        },
        error: (e) => errors.push(`subscription ${i} error: ${describe(e)}`),
        complete: () => undefined,
      },
    );
    subs.push(sub);
  }

  await waitUntil(() => subs.every((s) => s.initial), 60_000);
  const initialMs = performance.now() - t0;
  const connected = subs.filter((s) => s.initial).length;

  const samples: number[] = [];
  let expected = 0;
  for (let round = 0; round < opts.rounds && connected > 0; round++) {
    await new Promise((r) => setTimeout(r, 1200)); // let the pollers settle between changes
    const marker = `bench-change-${round}-${Date.now()}`;
    const since = performance.now();
    for (const s of subs) {
      if (!s.initial) continue;
      expected += 1;
      s.waitingFor = { marker, since, record: (ms) => samples.push(ms) };
    }
    // One statement changes the first booking of every accommodation, a row every subscription shows.
    await opts.db.query(
      `UPDATE public.bookings SET guest_name = $1 WHERE id IN (
         SELECT min(b.id) FROM public.bookings b JOIN public.units u ON u.id = b.unit_id GROUP BY u.accommodation_id)`,
      [marker],
    );
    await waitUntil(() => subs.every((s) => !s.waitingFor), 10_000);
    for (const s of subs) {
      if (s.waitingFor) errors.push('an update never arrived within 10 s');
      s.waitingFor = undefined;
    }
  }

  await Promise.all(subs.map((s) => s.client.dispose()));
  return {
    connected,
    initialMs,
    latency: summarise(samples),
    updatesExpected: expected,
    updatesReceived: samples.length,
    errors: errors.length + (opts.subscriptions - connected),
    errorSamples: errors.slice(0, 5),
  };
}

function describe(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === 'object' && e !== null && 'code' in e) return `close ${String((e as { code: unknown }).code)}`;
  return JSON.stringify(e).slice(0, 200);
}

async function waitUntil(probe: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
}
