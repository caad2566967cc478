// Two backends on one server Postgres: one delivers the database's events (the holder of the events
// lock), the other stands by. Real `cli.ts` processes on a throwaway server: a backend started while
// the first has a delivery in flight leaves it alone (it used to release every lock at its start and
// send that event a second time); events written through the standing-by backend go out once,
// through the first; and when the first is killed with kill -9, the second takes over and sends the
// cut-off delivery again with its id. Counted: every event acknowledged is delivered, none twice
// while its first delivery was alive.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../../tests/helpers/postgres';
import { STANDBY_RETRY_MS } from './worker';
import { askBackend, startFixtureBackend, startWebhookReceiver, type FixtureBackend, type WebhookReceiver } from './testing';

const ADMIN_SECRET = 'two-backends-admin-secret';
const backends: FixtureBackend[] = [];
let server: TempPostgres | null = null;
let hooks: WebhookReceiver;
let databaseUrl = '';

beforeAll(async () => {
  server = await startTempPostgres();
  databaseUrl = await server.createDatabase('two_backends');
  hooks = await startWebhookReceiver();
}, 60_000);

afterAll(async () => {
  for (const b of backends) if (b.proc.exitCode === null) b.proc.kill('SIGKILL');
  await hooks?.close();
  server?.stop();
  for (const b of backends) fs.rmSync(b.dataDir, { recursive: true, force: true });
});

async function startBackend(): Promise<FixtureBackend> {
  const backend = await startFixtureBackend(databaseUrl, { NHOST_ADMIN_SECRET: ADMIN_SECRET, EVENTS_TEST_WEBHOOK_BASE: hooks.url, EVENTS_TEST_TAGS_WEBHOOK: `${hooks.url}/tags`, NHOST_WEBHOOK_SECRET: 'two-backends-webhook' });
  backends.push(backend);
  return backend;
}

const call = (port: number, route: 'graphql' | 'metadata', body: unknown) => askBackend(port, route, body, ADMIN_SECRET);

async function delivered(port: number, eventId: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const r = await call(port, 'metadata', { type: 'pg_get_event_by_id', args: { event_id: eventId } });
    if (r?.event?.delivered) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`event ${eventId} not recorded as delivered`);
}

const callsTo = (p: string, id?: string) => hooks.calls.filter((c) => c.path === p && (id === undefined || c.body.id === id));

describe('two backends on one server Postgres', () => {
  it('one delivers, the other stands by and takes over a kill -9, and no event goes out twice while its delivery is alive', async () => {
    const first = await startBackend();
    // A one-off event whose call hangs (its timeout an hour): in flight, locked by the first backend.
    hooks.behave('/hang', { delayMs: 120_000 });
    const created = await call(first.port, 'metadata', { type: 'create_scheduled_event', args: { webhook: `${hooks.url}/hang`, schedule_at: new Date().toISOString(), retry_conf: { num_retries: 0, timeout_seconds: 3600 } } });
    const hanging = created.event_id as string;
    await hooks.waitFor('/hang', 1, 20_000);

    const second = await startBackend();
    // Rounds of both workers pass (1 s apart, the standby's lock attempts every STANDBY_RETRY_MS).
    await new Promise((r) => setTimeout(r, STANDBY_RETRY_MS + 1500));
    expect(callsTo('/hang', hanging)).toHaveLength(1);
    expect(second.output).toContain('stands by');

    // Notes written through either backend go out once each, from the one that delivers.
    const ids: string[] = [];
    for (const b of [second, first, second]) {
      const r = await call(b.port, 'graphql', { query: 'mutation { insert_notes_one(object: {body: "either"}) { id } }' });
      expect(r.data?.insert_notes_one?.id).toBeTruthy();
    }
    const notes = await hooks.waitFor('/notes', 3, 20_000);
    ids.push(...notes.map((c) => c.body.id as string));
    expect(new Set(ids).size).toBe(3);
    // Recorded as delivered (the kill below is to cut off only the hanging call).
    for (const id of ids) await delivered(second.port, id);

    // kill -9 of the delivering backend, its call still open: the second takes the lock (Postgres
    // frees it with the dead connection) and sends the cut-off event again, with its id.
    hooks.behave('/hang', {});
    first.proc.kill('SIGKILL');
    await new Promise((r) => first.proc.once('exit', r));
    await hooks.waitFor('/hang', 2, 30_000);
    expect(callsTo('/hang', hanging)).toHaveLength(2);
    let event: { status: string; tries: number } | undefined;
    for (let i = 0; i < 100 && event?.status !== 'delivered'; i++) {
      const r = await call(second.port, 'metadata', { type: 'get_scheduled_events', args: { type: 'one_off' } });
      event = r.events?.find((e: { id: string }) => e.id === hanging);
      if (event?.status !== 'delivered') await new Promise((r) => setTimeout(r, 100));
    }
    expect(event).toMatchObject({ status: 'delivered', tries: 1 });

    // A note written after the takeover goes out through the second backend, and nothing was sent
    // twice: acknowledged 1 one-off + 4 notes, each delivered, the notes once each.
    await call(second.port, 'graphql', { query: 'mutation { insert_notes_one(object: {body: "after"}) { id } }' });
    await hooks.waitFor('/notes', 4, 20_000);
    await new Promise((r) => setTimeout(r, 1500));
    const noteIds = callsTo('/notes').map((c) => c.body.id as string);
    expect(noteIds).toHaveLength(4);
    expect(new Set(noteIds).size).toBe(4);
    for (const id of noteIds) await delivered(second.port, id);
    second.proc.kill('SIGTERM');
    await new Promise((r) => second.proc.once('exit', r));
  }, 180_000);
});
