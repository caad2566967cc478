// Kept as tests after the fix: the worker's fetch leaves the events it still holds alone (their lock
// as it is), and pg_redeliver_event refuses, as busy, an event this backend's worker still has,
// however old its lock; once the call is over a redelivery is accepted and sent.
// Attack on 2420244 (events locked over 30 minutes fetched again; the worker skips the events it
// still holds; pg_redeliver_event refuses one locked within 30 minutes). PGlite.
//
// An event still in flight at this worker whose lock is older than 30 minutes (a webhook slower
// than that: timeout_sec is unbounded; simulated as the suite's own test does, by ageing `locked`)
// is not busy for pg_redeliver_event, which answers success and resets it (tries 0, locked NULL).
// The next fetch then re-locks it (locked = now()) but skips it, since the worker holds it; the
// in-flight call's outcome is then not recorded when the event's tries changed (the reset), so
// nothing clears that fresh lock: the redelivery the API accepted does not happen for 30 minutes.
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../server';
import { startTestBackend } from '../../tests/helpers/backend';
import { fileEnv } from '../../tests/helpers/env';
import { startWebhookReceiver, waitUntil, type WebhookReceiver } from './testing';

const PROJECT = path.join(__dirname, '__fixtures__', 'project');
let backend: RunningBackend;
let hooks: WebhookReceiver;

describe('lock expiry attack (PGlite)', () => {
  const env = fileEnv({ NHOST_WEBHOOK_SECRET: 'test-webhook-secret' });
  beforeAll(async () => {
    hooks = await startWebhookReceiver();
    env.set({ EVENTS_TEST_WEBHOOK_BASE: hooks.url, EVENTS_TEST_TAGS_WEBHOOK: `${hooks.url}/tags` });
    backend = await startTestBackend({ projectDir: PROJECT, shared: false, crons: false });
  });
  afterAll(async () => {
    await backend?.close();
    await hooks?.close();
  });
  beforeEach(() => {
    hooks.calls.length = 0;
    hooks.behave('/notes', {});
  });

  const asUser = () => ({ 'x-hasura-admin-secret': backend.ctx.config.adminSecret, 'x-hasura-role': 'user', 'x-hasura-user-id': 'user-1' });
  async function gql(query: string) {
    const r = await backend.engine.execute({ query }, asUser());
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  async function metadata(body: unknown) {
    const res = await fetch(`${backend.url}/v1/metadata`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': backend.ctx.config.adminSecret }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  const sql = async <T>(text: string, params: unknown[] = []) => (await backend.ctx.db.query<T>(text, params)).rows;
  type Row = { delivered: boolean; error: boolean; tries: number; locked: string | null };
  const row = async (id: string) => (await sql<Row>('SELECT delivered, error, tries, locked::text AS locked FROM hdb_catalog.event_log WHERE id = $1', [id]))[0];
  const callsTo = (id: string) => hooks.calls.filter((c) => c.path === '/notes' && c.body.id === id);

  // After the fix a redelivery while this backend's worker still has the event is refused as busy
  // (never accepted and then absorbed or held up), and once the call is over it is accepted and sent.
  it('a redelivery while the worker still holds the event (a retry in flight, lock over 30 min old) is refused as busy, and goes out once asked again after the call', async () => {
    // First try answered 500 (a retry a second later), the second one slow (still out when redelivered).
    hooks.behave('/notes', { statuses: [500, 200], delayMs: 1500 });
    const { insert_notes_one: note } = await gql('mutation { insert_notes_one(object: {body: "redeliver me"}) { id } }');
    const [first] = await hooks.waitFor('/notes', 1);
    const id = first.body.id as string;
    expect((first.body as { event: { data: { new: { id: number } } } }).event.data.new.id).toBe(note.id);
    // The retry (tries 1) is out.
    await hooks.waitFor('/notes', 2);
    expect((await row(id)).tries).toBe(1);
    // Its lock looks older than 30 minutes (a webhook that slow): the worker still has it.
    await sql(`UPDATE hdb_catalog.event_log SET locked = now() - interval '31 minutes' WHERE id = $1`, [id]);
    const refused = await metadata({ type: 'pg_redeliver_event', args: { event_id: id } });
    expect([refused.status, refused.body.code]).toEqual([400, 'busy']);
    await waitUntil(async () => (await row(id)).delivered, 8000);
    expect(callsTo(id)).toHaveLength(2);
    const redelivered = await metadata({ type: 'pg_redeliver_event', args: { event_id: id } });
    expect(redelivered.body).toEqual({ message: 'success' });
    const acceptedAt = Date.now();
    await waitUntil(async () => (await row(id)).delivered && callsTo(id).some((c) => c.at >= acceptedAt), 8000);
    expect(callsTo(id).filter((c) => c.at >= acceptedAt)).toHaveLength(1);
  });

  it('a first try in flight (lock over 30 min old) is not taken for a redelivery: the redelivery is refused until it is over', async () => {
    hooks.behave('/notes', { delayMs: 1500 });
    await gql('mutation { insert_notes_one(object: {body: "absorbed"}) { id } }');
    const [first] = await hooks.waitFor('/notes', 1);
    const id = first.body.id as string;
    await sql(`UPDATE hdb_catalog.event_log SET locked = now() - interval '31 minutes' WHERE id = $1`, [id]);
    expect((await metadata({ type: 'pg_redeliver_event', args: { event_id: id } })).body.code).toBe('busy');
    await waitUntil(async () => (await row(id)).delivered);
    expect(callsTo(id)).toHaveLength(1);
    expect((await metadata({ type: 'pg_redeliver_event', args: { event_id: id } })).body).toEqual({ message: 'success' });
    await waitUntil(async () => callsTo(id).length === 2 && (await row(id)).delivered);
  });
});
