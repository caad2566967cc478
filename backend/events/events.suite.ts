// Event triggers, cron and one-off events on the real backend (fresh PGlite) with a local webhook
// receiver: Hasura's payload and headers, column-filtered updates, retries with backoff on 500s
// and timeouts, exactly one recorded success per event, manual invocation and the event log
// through /v1/metadata, and GraphQL answering while a webhook hangs. Run on PGlite and on a
// server Postgres (events.integration.test.ts, events.postgres.test.ts).
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../server';
import { startTestBackend } from '../../tests/helpers/backend';
import { fileEnv } from '../../tests/helpers/env';
import { eventsSettled } from '../../tests/helpers/events';
import { PGLITE_HTTP_POOL_SIZE } from '.';
import { startWebhookReceiver, waitUntil, type WebhookReceiver } from './testing';

const PROJECT = path.join(__dirname, '__fixtures__', 'project');
let backend: RunningBackend;
let hooks: WebhookReceiver;

/** `databaseUrl` gives the server Postgres to run on (undefined: a fresh in-memory PGlite). */
export function defineEventsSuite(driver: string, databaseUrl: () => Promise<string | undefined>): void {
  describe(`events on ${driver}`, () => {
    // The webhooks' addresses and secret, put back when the file ends: the file shares its worker.
    const env = fileEnv({ NHOST_WEBHOOK_SECRET: 'test-webhook-secret' });
    beforeAll(async () => {
      hooks = await startWebhookReceiver();
      env.set({ EVENTS_TEST_WEBHOOK_BASE: hooks.url, EVENTS_TEST_TAGS_WEBHOOK: `${hooks.url}/tags` });
      // A database of its own, closed with the backend: deliveries still running then fail on it
      // instead of writing to a shared one nobody else uses (this fixture project is the suite's alone).
      backend = await startTestBackend({ projectDir: PROJECT, databaseUrl: await databaseUrl(), shared: false, crons: true });
    });
    afterAll(async () => {
      await backend?.close();
      await hooks?.close();
    });
    beforeEach(() => {
      hooks.calls.length = 0;
    });

    const asUser = (userId = 'user-1') => ({ 'x-hasura-admin-secret': backend.ctx.config.adminSecret, 'x-hasura-role': 'user', 'x-hasura-user-id': userId });

    async function gql(query: string, variables?: Record<string, unknown>, headers: Record<string, string> = asUser()) {
      const r = await backend.engine.execute({ query, variables }, headers);
      if (r.errors) throw new Error(JSON.stringify(r.errors));
      return r.data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    }

    async function metadata(body: unknown, secret = backend.ctx.config.adminSecret) {
      const res = await fetch(`${backend.url}/v1/metadata`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': secret }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    }

    const sql = async <T>(text: string, params: unknown[] = []) => (await backend.ctx.db.query<T>(text, params)).rows;

    describe('event triggers', () => {
      it('delivers an insert with Hasura\'s payload, the session and the configured headers', async () => {
        const started = Date.now();
        const { insert_notes_one: note } = await gql('mutation { insert_notes_one(object: {body: "hello"}) { id } }', undefined, asUser('u-42'));
        const [call] = await hooks.waitFor('/notes', 1);
        expect(call.at - started).toBeLessThan(3000);
        expect(call.headers['nhost-webhook-secret']).toBe('test-webhook-secret');
        expect(call.headers['x-literal']).toBe('fixed');
        expect(call.headers['content-type']).toBe('application/json');
        const b = call.body as any; // eslint-disable-line @typescript-eslint/no-explicit-any
        expect(b.trigger).toEqual({ name: 'notes_changed' });
        expect(b.table).toEqual({ schema: 'public', name: 'notes' });
        expect(b.delivery_info).toEqual({ max_retries: 3, current_retry: 0 });
        expect(typeof b.id).toBe('string');
        expect(b.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+$/);
        expect(b.event.op).toBe('INSERT');
        expect(b.event.data).toEqual({ old: null, new: { id: note.id, body: 'hello', status: 'open', views: 0, extra: null } });
        expect(b.event.session_variables).toMatchObject({ 'x-hasura-role': 'user', 'x-hasura-user-id': 'u-42' });
        // The outcome is recorded once the batch's calls are answered.
        await waitUntil(async () => (await sql<{ delivered: boolean }>('SELECT delivered FROM hdb_catalog.event_log WHERE id = $1', [b.id]))[0].delivered);
        const [row] = await sql<{ delivered: boolean; tries: number; locked: string | null }>('SELECT delivered, tries, locked FROM hdb_catalog.event_log WHERE id = $1', [b.id]);
        expect(row).toEqual({ delivered: true, tries: 1, locked: null });
      });

      it('an update fires only when a captured column changes, with old and new rows; a delete fires too', async () => {
        const { insert_notes_one: note } = await gql('mutation { insert_notes_one(object: {body: "b1"}) { id } }');
        await hooks.waitFor('/notes', 1);
        await gql('mutation($id: Int!) { update_notes_by_pk(pk_columns: {id: $id}, _set: {views: 5}) { id } }', { id: note.id });
        await gql('mutation($id: Int!) { update_notes_by_pk(pk_columns: {id: $id}, _set: {status: "open"}) { id } }', { id: note.id });
        await gql('mutation($id: Int!) { update_notes_by_pk(pk_columns: {id: $id}, _set: {status: "done"}) { id } }', { id: note.id });
        const calls = await hooks.waitFor('/notes', 2);
        const update = calls[1].body.event as { op: string; data: { old: { status: string; views: number }; new: { status: string } } };
        expect(update.op).toBe('UPDATE');
        expect(update.data.old).toMatchObject({ status: 'open', views: 5 });
        expect(update.data.new).toMatchObject({ status: 'done', views: 5 });
        await backend.ctx.db.query('DELETE FROM public.notes WHERE id = $1', [note.id]);
        const afterDelete = await hooks.waitFor('/notes', 3);
        expect(afterDelete[2].body.event).toMatchObject({ op: 'DELETE', data: { new: null, old: { id: note.id } }, session_variables: null });
        // Views-only and same-value updates were not events (had they been, they were delivered by now).
        await eventsSettled(backend.ctx.db);
        expect(hooks.calls.filter((c) => c.path === '/notes')).toHaveLength(3);
      });

      it('retries a failing webhook with backoff and records exactly one success', async () => {
        hooks.behave('/notes', { statuses: [500, 503, 200] });
        await gql('mutation { insert_notes_one(object: {body: "retry me"}) { id } }');
        const calls = await hooks.waitFor('/notes', 3, 15_000);
        expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(900);
        expect(calls[2].at - calls[1].at).toBeGreaterThanOrEqual(900);
        expect(calls.map((c) => (c.body.delivery_info as { current_retry: number }).current_retry)).toEqual([0, 1, 2]);
        const id = calls[0].body.id as string;
        await waitUntil(async () => (await sql<{ delivered: boolean }>('SELECT delivered FROM hdb_catalog.event_log WHERE id = $1', [id]))[0].delivered);
        const logs = await sql<{ status: number }>('SELECT status FROM hdb_catalog.event_invocation_logs WHERE event_id = $1 ORDER BY created_at', [id]);
        expect(logs.map((l) => l.status)).toEqual([500, 503, 200]);
        hooks.behave('/notes', {});
      });

      it('a webhook that does not answer in time counts as a failed try; after the last retry the event is an error', async () => {
        hooks.behave('/notes', { delayMs: 4000 });
        await gql('mutation { insert_notes_one(object: {body: "slow"}) { id } }');
        const first = await hooks.waitFor('/notes', 1);
        const id = first[0].body.id as string;
        // While the webhook hangs (it would time out after 2 s), GraphQL answers at once.
        const t0 = Date.now();
        await gql('query { notes(limit: 1) { id } }');
        expect(Date.now() - t0).toBeLessThan(1500);
        await waitUntil(async () => (await sql<{ tries: number }>('SELECT tries FROM hdb_catalog.event_log WHERE id = $1', [id]))[0].tries >= 1, 6000);
        const [log] = await sql<{ status: number; response: { type: string; data: { message: string } } }>('SELECT status, response FROM hdb_catalog.event_invocation_logs WHERE event_id = $1', [id]);
        expect(log.response.type).toBe('client_error');
        expect(log.response.data.message).toMatch(/did not answer within 2 s/);
        hooks.behave('/notes', { statuses: [500] });
        await waitUntil(async () => (await sql<{ error: boolean }>('SELECT error FROM hdb_catalog.event_log WHERE id = $1', [id]))[0].error, 15_000);
        const [row] = await sql<{ tries: number; delivered: boolean }>('SELECT tries, delivered FROM hdb_catalog.event_log WHERE id = $1', [id]);
        expect(row).toEqual({ tries: 4, delivered: false });
        hooks.behave('/notes', {});
      }, 40_000);

      it('resolves webhook_from_env and leaves header values out of the log', async () => {
        await sql("INSERT INTO public.tags (name) VALUES ('x')");
        const [call] = await hooks.waitFor('/tags', 1);
        expect(call.body.trigger).toEqual({ name: 'tags_inserted' });
        await waitUntil(async () => (await sql('SELECT 1 FROM hdb_catalog.event_invocation_logs WHERE event_id = $1', [call.body.id])).length > 0);
        const [log] = await sql<{ request: { headers: { name: string; value?: string }[] } }>('SELECT request FROM hdb_catalog.event_invocation_logs WHERE event_id = $1', [call.body.id]);
        expect(JSON.stringify(log.request)).not.toContain('test-webhook-secret');
      });
    });

    describe('webhooks that misbehave', () => {
      it('an answer the log cannot hold as sent (NUL bytes, half a character, a huge Retry-After) never stalls other events', async () => {
        hooks.behave('/notes', { statuses: [500, 200], retryAfterSec: 9_000_000_000_000, body: `bad \u0000 byte ${'x'.repeat(9_999)}\u{1F600}` });
        await gql('mutation { insert_notes_one(object: {body: "odd answer"}) { id } }');
        const [call] = await hooks.waitFor('/notes', 1);
        await sql("INSERT INTO public.tags (name) VALUES ('innocent')");
        await hooks.waitFor('/tags', 1);
        const id = call.body.id as string;
        await waitUntil(async () => (await sql<{ tries: number }>('SELECT tries FROM hdb_catalog.event_log WHERE id = $1', [id]))[0].tries === 1);
        const [row] = await sql<{ locked: string | null; next_retry_at: string | null }>('SELECT locked, next_retry_at FROM hdb_catalog.event_log WHERE id = $1', [id]);
        expect(row.locked).toBeNull();
        // The pause asked for is capped at a day.
        expect(Date.parse(`${row.next_retry_at}Z`) - Date.now()).toBeLessThanOrEqual(86_400_000 + 5000);
        const [log] = await sql<{ status: number; response: { data: { body: string } } }>('SELECT status, response FROM hdb_catalog.event_invocation_logs WHERE event_id = $1', [id]);
        expect(log.status).toBe(500);
        expect(log.response.data.body).not.toContain('\u0000');
        hooks.behave('/notes', {});
      });

      it("keeps no more calls in flight than its pool: 4 by default on PGlite, Hasura's 100 on a server Postgres", async () => {
        hooks.behave('/notes', { delayMs: 500 });
        const n = 3 * PGLITE_HTTP_POOL_SIZE;
        const bodies = Array.from({ length: n }, (_, i) => `{body: "pool ${i}"}`).join(', ');
        await gql(`mutation { insert_notes(objects: [${bodies}]) { affected_rows } }`, undefined, { 'x-hasura-admin-secret': backend.ctx.config.adminSecret });
        await hooks.waitFor('/notes', n, 20_000);
        // On PGlite the pool stays full (4 open, the next sent as one answers); a server Postgres sends them side by side.
        if (backend.ctx.db.kind === 'pglite') expect(hooks.peakOpen('/notes')).toBe(PGLITE_HTTP_POOL_SIZE);
        else expect(hooks.peakOpen('/notes')).toBeGreaterThan(PGLITE_HTTP_POOL_SIZE);
        hooks.behave('/notes', {});
      });

      it('a hanging webhook holds only its own delivery', async () => {
        hooks.behave('/hang', { delayMs: 8000 });
        await metadata({ type: 'create_scheduled_event', args: { webhook: `${hooks.url}/hang`, schedule_at: new Date().toISOString(), retry_conf: { timeout_seconds: 3600 } } });
        await hooks.waitFor('/hang', 1);
        const t0 = Date.now();
        await sql("INSERT INTO public.tags (name) VALUES ('not held up')");
        const [call] = await hooks.waitFor('/tags', 1);
        expect(call.at - t0).toBeLessThan(3000);
      });

      it('does not follow a redirect with the secret header: a 3xx is a failed try', async () => {
        hooks.behave('/notes', { statuses: [307], location: `${hooks.url}/elsewhere` });
        await gql('mutation { insert_notes_one(object: {body: "redirected"}) { id } }');
        const [call] = await hooks.waitFor('/notes', 1);
        await waitUntil(async () => (await sql<{ status: number }>('SELECT status FROM hdb_catalog.event_invocation_logs WHERE event_id = $1', [call.body.id])).length > 0);
        expect((await sql<{ status: number }>('SELECT status FROM hdb_catalog.event_invocation_logs WHERE event_id = $1', [call.body.id]))[0].status).toBe(307);
        expect(hooks.calls.filter((c) => c.path === '/elsewhere')).toHaveLength(0);
        hooks.behave('/notes', {});
      });
    });

    describe('events left locked', () => {
      /** A notes_changed event as a worker that is gone left it: locked `minutesAgo` minutes ago, never recorded. */
      async function leftLocked(minutesAgo: number): Promise<string> {
        const [row] = await sql<{ id: string }>(
          `INSERT INTO hdb_catalog.event_log (schema_name, table_name, trigger_name, payload, locked)
           VALUES ('public', 'notes', 'notes_changed', $1, now() - make_interval(mins => $2)) RETURNING id`,
          [JSON.stringify({ op: 'INSERT', data: { old: null, new: { id: 0, body: `left ${minutesAgo} min ago` } }, session_variables: null, trace_context: null }), minutesAgo],
        );
        return row.id;
      }
      const delivered = async (id: string) => (await sql<{ delivered: boolean }>('SELECT delivered FROM hdb_catalog.event_log WHERE id = $1', [id]))[0].delivered;

      // Its locker's answer to the fetch was lost after the commit, or it ended without the next
      // leader's start releasing it: as Hasura, a lock older than 30 minutes no longer holds it.
      it('an event locked over 30 minutes ago is delivered again; one locked a minute ago is left to its worker', async () => {
        const stale = await leftLocked(31);
        const recent = await leftLocked(1);
        // A write wakes the worker (a round would find the stale event within a second anyway); the
        // rounds that sent both events passed the recent one by.
        await gql('mutation { insert_notes_one(object: {body: "wake"}) { id } }');
        await waitUntil(() => delivered(stale));
        await waitUntil(async () => hooks.calls.some((c) => c.path === '/notes' && (c.body as { event?: { data?: { new?: { body?: string } } } }).event?.data?.new?.body === 'wake'));
        const ids = hooks.calls.filter((c) => c.path === '/notes').map((c) => c.body.id);
        expect(ids.filter((id) => id === stale)).toHaveLength(1);
        expect(ids).not.toContain(recent);
        expect(await delivered(recent)).toBe(false);
        await sql(`UPDATE hdb_catalog.event_log SET archived = true WHERE id = $1`, [recent]);
      });

      it('an event this worker is still delivering is not sent a second time when its lock grows old', async () => {
        hooks.behave('/notes', { delayMs: 1500 });
        try {
          const { insert_notes_one: note } = await gql('mutation { insert_notes_one(object: {body: "slow"}) { id } }');
          let id = '';
          await waitUntil(async () => {
            id = (await sql<{ id: string }>(`SELECT id FROM hdb_catalog.event_log WHERE payload->'data'->'new'->>'id' = $1 AND locked IS NOT NULL`, [String(note.id)]))[0]?.id ?? '';
            return id !== '';
          });
          // Its lock looks abandoned while the call is still out; a write makes the worker fetch at once.
          await sql(`UPDATE hdb_catalog.event_log SET locked = now() - interval '31 minutes' WHERE id = $1`, [id]);
          await gql('mutation { insert_notes_one(object: {body: "wake"}) { id } }');
          await waitUntil(() => delivered(id));
          expect(hooks.calls.filter((c) => c.path === '/notes' && c.body.id === id)).toHaveLength(1);
        } finally {
          hooks.behave('/notes', {});
        }
      });

      it('redelivery is refused while a delivery holds the event, as Hasura: "event is already being processed"', async () => {
        const busy = await leftLocked(1);
        const refused = await metadata({ type: 'pg_redeliver_event', args: { event_id: busy } });
        expect([refused.status, refused.body.code, refused.body.error]).toEqual([400, 'busy', 'event is already being processed']);
        expect(await delivered(busy)).toBe(false);
        // Its lock grown old (archived meanwhile, so no round fetches it first): redelivered.
        await sql(`UPDATE hdb_catalog.event_log SET locked = now() - interval '31 minutes', archived = true WHERE id = $1`, [busy]);
        expect((await metadata({ type: 'pg_redeliver_event', args: { event_id: busy } })).body).toEqual({ message: 'success' });
        await waitUntil(() => delivered(busy));
        expect(hooks.calls.filter((c) => c.path === '/notes' && c.body.id === busy)).toHaveLength(1);
      });
    });

    describe('metadata API for events', () => {
      it('invokes a manual trigger, reads the log and its invocations, and redelivers', async () => {
        const r = await metadata({ type: 'pg_invoke_event_trigger', args: { name: 'notes_changed', source: 'default', payload: { id: 99, body: 'by hand' } } });
        expect(r.status).toBe(200);
        const [call] = await hooks.waitFor('/notes', 1);
        expect(call.body.event).toMatchObject({ op: 'MANUAL', data: { old: null, new: { id: 99, body: 'by hand' } } });
        expect(call.body.id).toBe(r.body.event_id);
        const logs = await metadata({ type: 'pg_get_event_logs', args: { name: 'notes_changed', limit: 5 } });
        expect(logs.body.some((e: { id: string }) => e.id === r.body.event_id)).toBe(true);
        await waitUntil(async () => (await metadata({ type: 'pg_get_event_by_id', args: { event_id: r.body.event_id } })).body.event.delivered === true);
        const redeliver = await metadata({ type: 'pg_redeliver_event', args: { event_id: r.body.event_id } });
        expect(redeliver.body).toEqual({ message: 'success' });
        await hooks.waitFor('/notes', 2);
        const successes = async () => (await metadata({ type: 'pg_get_event_by_id', args: { event_id: r.body.event_id } })).body.invocations.filter((i: { status: number }) => i.status === 200).length;
        await waitUntil(async () => (await successes()) >= 2);
        expect(await successes()).toBe(2);
      });

      it('refuses a trigger without enable_manual, unknown triggers and operations, bad args and a wrong secret', async () => {
        expect((await metadata({ type: 'pg_invoke_event_trigger', args: { name: 'tags_inserted', payload: {} } })).body.code).toBe('not-supported');
        expect((await metadata({ type: 'pg_invoke_event_trigger', args: { name: 'nope', payload: {} } })).body.code).toBe('not-exists');
        expect((await metadata({ type: 'pg_invoke_event_trigger', args: { name: 1 } })).body.code).toBe('parse-failed');
        expect((await metadata({ type: 'drop_everything', args: {} })).body.code).toBe('not-supported');
        const denied = await metadata({ type: 'pg_get_event_logs', args: { name: 'notes_changed' } }, 'wrong-secret');
        expect(denied.status).toBe(400);
        expect(denied.body.code).toBe('access-denied');
        expect((await metadata({ type: 'pg_get_event_logs', args: { name: 'notes_changed', limit: 10_000_000 } })).body.code).toBe('parse-failed');
        for (const at of ['2024', '+275000-01-01T00:00:00Z', 'tomorrow', '2026-13-01T00:00:00Z']) {
          const bad = await metadata({ type: 'create_scheduled_event', args: { webhook: `${hooks.url}/x`, schedule_at: at } });
          expect([bad.status, bad.body.code], at).toEqual([400, 'parse-failed']);
        }
        const nul = await metadata({ type: 'pg_invoke_event_trigger', args: { name: 'notes_changed', payload: { body: 'a\u0000b' } } });
        expect([nul.status, nul.body.code]).toEqual([400, 'parse-failed']);
      });

      it('a one-off scheduled event is delivered at its time with its payload', async () => {
        const r = await metadata({
          type: 'create_scheduled_event',
          args: { webhook: `${hooks.url}/once`, schedule_at: new Date(Date.now() + 500).toISOString(), payload: { hello: 'world' }, comment: 'test', headers: [{ name: 'x-one', value: 'off' }] },
        });
        expect(r.body.message).toBe('success');
        const [call] = await hooks.waitFor('/once', 1);
        expect(call.body).toMatchObject({ payload: { hello: 'world' }, id: r.body.event_id, comment: 'test' });
        expect(call.headers['x-one']).toBe('off');
        expect(call.at).toBeGreaterThanOrEqual(Date.parse(call.body.scheduled_time as string));
      });
    });

    describe('cron triggers', () => {
      it('keeps future runs scheduled, delivers a due run and marks one missed beyond the tolerance dead', async () => {
        const future = await sql<{ scheduled_time: Date }>(`SELECT scheduled_time FROM hdb_catalog.hdb_cron_events WHERE trigger_name = 'nightly_close' AND scheduled_time > now() ORDER BY scheduled_time`);
        expect(future.length).toBe(100);
        for (const f of future) expect(new Date(f.scheduled_time).toISOString()).toMatch(/T00:05:00\.000Z$/);
        const due = new Date(Date.now() - 60_000);
        const missed = new Date(Date.now() - 2 * 3600_000);
        await sql(`INSERT INTO hdb_catalog.hdb_cron_events (trigger_name, scheduled_time) VALUES ('nightly_close', $1), ('nightly_close', $2)`, [due.toISOString(), missed.toISOString()]);
        const [call] = await hooks.waitFor('/cron', 1);
        expect(call.body).toMatchObject({ name: 'nightly_close', payload: { job: 'close' }, comment: 'the NTAK daily close', scheduled_time: `${due.toISOString().slice(0, 19)}Z` });
        expect(call.headers['nhost-webhook-secret']).toBe('test-webhook-secret');
        await waitUntil(async () => (await sql<{ status: string }>(`SELECT status FROM hdb_catalog.hdb_cron_events WHERE scheduled_time = $1`, [missed.toISOString()]))[0].status === 'dead');
        expect(hooks.calls.filter((c) => c.path === '/cron')).toHaveLength(1);
        const listed = await metadata({ type: 'get_cron_triggers', args: {} });
        expect(listed.body.cron_triggers[0]).toMatchObject({ name: 'nightly_close', schedule: '5 0 * * *' });
      });
    });

  });
}
