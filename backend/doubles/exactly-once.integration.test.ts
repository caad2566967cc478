// Exactly once under kill -9: the backend runs as a real process (on-disk PGlite) and sends NTAK
// reservations to the local double over mutual TLS. While submissions are in flight it is killed:
// some were processed by NTAK but their answer never arrived (acknowledged without the sender
// knowing), others never got through. After the restart the queue re-sends what it had not
// recorded (the lease runs out; the same message id), and the count comes out even: every queued
// submission was processed by the double exactly once, and every row ends as sent.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyAndCsr } from '../../functions/_registry/pki';
import { seal } from '../../functions/_registry/secretBox';
import { migratedDataFolder } from '../../tests/helpers/backend';
import { BACKEND_NODE_ARGS } from '../../tests/helpers/processes';
import { startRegistryDoubles, type RegistryDoubles } from './server';

const ROOT = path.resolve(__dirname, '..', '..');
const ADMIN = 'exactly-once-admin-secret';
const KEY = crypto.randomBytes(32).toString('hex');
const NTAK_ID = 'EO12CD34';
const BOOKINGS = 6;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-exactly-once-'));
const children: ChildProcess[] = [];
let doubles: RegistryDoubles;
let port = 0;

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const p = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return p;
}

async function startBackendProcess(): Promise<ChildProcess> {
  // node itself (tsx as a loader), so SIGKILL reaches the backend and not a wrapper process.
  const child = spawn(process.execPath, [...BACKEND_NODE_ARGS, 'backend/cli.ts', '--project', 'nhost', '--port', String(port), '--data', path.join(dir, 'data'), '--seeds', 'false'], {
    cwd: ROOT,
    env: {
      ...process.env, NHOST_ADMIN_SECRET: ADMIN, NHOST_BACKEND_QUIET: 'true', NTAK_ENDPOINT: doubles.ntakUrl, VIZA_ENDPOINT: doubles.vizaUrl, NTAK_CA_PEM: doubles.caPem, VIZA_CA_PEM: doubles.caPem,
      REGISTRY_KEY_ENCRYPTION_KEY: KEY, REGISTRY_LEASE_SECONDS: '3', REGISTRY_RETRY_BASE_SECONDS: '1',
      // Every submission's delivery in flight at once, as the kill below needs. PGlite's default
      // pool (4 calls) sent only four before the kill; the two delayed behaviours left over then
      // hung the first re-sends after the restart until the sender's 20 s timeout, and their
      // retry waited for the next minute's registry_tick (33 -> 54 s).
      HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE: String(2 * BOOKINGS),
      // The hourly daily close (minute 5, from 04:00 Budapest) would queue a scheduler call for this
      // accommodation when a run crosses that minute: one more message processed by NTAK than the
      // reservations counted below (CI, 06:05 UTC). No Budapest hour is 24 or later, so it never acts.
      NTAK_DAILY_CLOSE_HOUR: '24',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const end = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`backend exited: ${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`backend did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function gql(query: string, variables: Record<string, unknown> = {}): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(`http://127.0.0.1:${port}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: unknown; errors?: { message: string }[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function waitFor<T>(fn: () => T | null | undefined | false | Promise<T | null | undefined | false>, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  doubles = await startRegistryDoubles({ dataDir: path.join(dir, 'ca') });
  port = await freePort();
  // The folder as a first start leaves it (migrated), without that start's initdb and migrations.
  await migratedDataFolder(path.join(dir, 'data'));
}, 60_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await doubles?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('registry queue across kill -9', () => {
  it('sends every submission exactly once after the backend is killed mid-queue and restarted', async () => {
    const first = await startBackendProcess();
    const { privateKeyPem, csrPem } = await generateKeyAndCsr(2048);
    const cert = await doubles.issueCertificate(csrPem, { accommodationName: 'Exactly Once Loft', reportingId: NTAK_ID });
    const acc = crypto.randomUUID();
    const owner = crypto.randomUUID();
    const unit = crypto.randomUUID();
    await gql(
      `mutation ($o: owners_insert_input!, $a: accommodations_insert_input!, $u: units_insert_input!) { insert_owners_one(object: $o) { id } insert_accommodations_one(object: $a) { id } insert_units_one(object: $u) { id } }`,
      {
        o: { id: owner, name: 'Once Kft.' },
        a: { id: acc, owner_id: owner, name: 'Exactly Once Loft', ntak_id: NTAK_ID, ntak_name: 'Exactly Once Loft', tax_id: '12345678-1-42', zip: '1061', address: 'Király utca 9', ntak_cert: cert, ntak_private_key: seal(privateKeyPem, Buffer.from(KEY, 'hex')), ntak_cert_valid_from: new Date(Date.now() - 86_400_000).toISOString(), ntak_cert_valid_to: new Date(Date.now() + 365 * 86_400_000).toISOString() },
        u: { id: unit, accommodation_id: acc, name: 'O1', category: 'APARTMAN', single_beds: 1, double_beds: 0, occ_adults: 1 },
      },
    );
    // The first three reservations reach NTAK, which processes them and holds its answers; the
    // next three hang before NTAK reads them. The backend is killed with all of them in flight.
    doubles.behave('ntak', '/foglalas', { status: 0, holdAnswerMs: 60_000, times: 3 });
    doubles.behave('ntak', '/foglalas', { status: 0, delayMs: 60_000, times: 3 });
    const bookings = Array.from({ length: BOOKINGS }, (_, i) => ({ accommodation_id: acc, customer_name: `Guest ${i}`, customer_country: 'AT', checkin: `2031-0${i + 1}-10`, checkout: `2031-0${i + 1}-12`, adults: 1, currency: 'HUF', accommodation_fee: 40000 + i, booked_units: { data: [{ unit_id: unit, adults: 1 }] } }));
    for (const b of bookings) await gql(`mutation ($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }`, { b });
    await waitFor(() => doubles.processed.size >= 3, 40_000, 'three reservations processed by NTAK');
    await waitFor(() => doubles.behavioursLeft('ntak', '/foglalas') === 0, 40_000, 'all six reservations sent to NTAK');
    const inFlight = await gql(`{ registry_submissions(where: {message_type: {_eq: reservation}}) { id status claimed_until } }`);
    expect(inFlight.registry_submissions).toHaveLength(BOOKINGS);
    expect(inFlight.registry_submissions.filter((r: { status: string }) => r.status === 'success')).toHaveLength(0);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const acknowledgedBeforeKill = doubles.processed.size;

    const second = await startBackendProcess();
    const rows = await waitFor(async () => {
      const d = await gql(`{ registry_submissions(where: {message_type: {_eq: reservation}}) { id status attempts reason } }`);
      const r = d.registry_submissions as { id: string; status: string; attempts: number; reason: string | null }[];
      return r.length === BOOKINGS && r.every((x) => x.status === 'success') ? r : null;
    }, 150_000, 'every reservation sent after the restart');

    const queued = rows.map((r) => `ntak:${NTAK_ID}:${r.id}`).sort();
    const acknowledged = [...doubles.processed.keys()].filter((k) => k.startsWith(`ntak:${NTAK_ID}:`)).sort();
    expect(acknowledged).toEqual(queued);
    expect([...doubles.processed.values()].every((n) => n === 1)).toBe(true);
    // What NTAK had processed before the kill came again with the same id and was answered as a repeat.
    const repeats = doubles.received.filter((r) => r.type === 'reservation' && r.duplicate);
    expect(acknowledgedBeforeKill).toBe(3);
    expect(repeats.length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.attempts >= 2).length).toBeGreaterThanOrEqual(3);
    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));
  }, 360_000);
});
