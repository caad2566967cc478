// Kept as tests after the fix: the worker's fetch leaves the events it still holds alone (their lock
// as it is), and an outcome is recorded only on a still-locked event, so a redelivery accepted
// meanwhile is sent anew once the old call is over.
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

  it('a redelivery accepted while the worker still holds the event (a retry in flight, lock over 30 min old) goes out soon, not 30 minutes later', async () => {
    // First try answered 500 (a retry a second later), the second one slow (still out when redelivered).
    hooks.behave('/notes', { statuses: [500, 200], delayMs: 1500 });
    const { insert_notes_one: note } = await gql('mutation { insert_notes_one(object: {body: "redeliver me"}) { id } }');
    const [first] = await hooks.waitFor('/notes', 1);
    const id = first.body.id as string;
    expect((first.body as { event: { data: { new: { id: number } } } }).event.data.new.id).toBe(note.id);
    // The retry (tries 1) is out.
    await hooks.waitFor('/notes', 2);
    expect((await row(id)).tries).toBe(1);
    // Its lock looks older than 30 minutes (a webhook that slow): redelivery is allowed.
    await sql(`UPDATE hdb_catalog.event_log SET locked = now() - interval '31 minutes' WHERE id = $1`, [id]);
    const redelivered = await metadata({ type: 'pg_redeliver_event', args: { event_id: id } });
    expect(redelivered.body).toEqual({ message: 'success' });
    const acceptedAt = Date.now();
    // The API said success: the event goes out again (Hasura's redelivery), and is delivered.
    let last: Row | undefined;
    await waitUntil(async () => (last = await row(id)).delivered, 8000).catch(() => undefined);
    const after = callsTo(id).filter((c) => c.at >= acceptedAt);
    expect({ delivered: last?.delivered, callsAfterRedeliver: after.length }, `event row ${JSON.stringify(last)}`).toEqual({ delivered: true, callsAfterRedeliver: 1 });
  });

  it('a redelivery accepted while the worker still holds the event sends it again (not absorbed by the call already out)', async () => {
    hooks.behave('/notes', { delayMs: 1500 });
    await gql('mutation { insert_notes_one(object: {body: "absorbed"}) { id } }');
    const [first] = await hooks.waitFor('/notes', 1);
    const id = first.body.id as string;
    await sql(`UPDATE hdb_catalog.event_log SET locked = now() - interval '31 minutes' WHERE id = $1`, [id]);
    const redelivered = await metadata({ type: 'pg_redeliver_event', args: { event_id: id } });
    expect(redelivered.body).toEqual({ message: 'success' });
    const acceptedAt = Date.now();
    await waitUntil(async () => (await row(id)).delivered);
    // Give a redelivery time to go out.
    await new Promise((r) => setTimeout(r, 3000));
    expect(callsTo(id).filter((c) => c.at >= acceptedAt).length).toBeGreaterThanOrEqual(1);
  });
});
