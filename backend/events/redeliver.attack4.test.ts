// Attack on bbad457 (fourth review): pg_redeliver_event's inputs, and its busy check when the
// request reaches a backend whose own worker does not have the event. PGlite; the second backend
// of a server Postgres deployment is modelled by a second metadataRouter on the same database,
// wired as index.ts wires a standing-by backend (its worker holds nothing: holds() is false).
// Results: wrong types / huge ids / bulk are 400s (held). Breaks, fixed and kept: the cross-backend
// redelivery (the held check covers only this backend's worker; now no call may outlast the lock),
// and, pre-existing, a malformed or over-limit body was a 500 (now 400 invalid-json / 413).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../server';
import { startTestBackend } from '../../tests/helpers/backend';
import { fileEnv } from '../../tests/helpers/env';
import { loadEventsConfig, MAX_TABLE_EVENT_TIMEOUT_SEC } from './config';
import { startWebhookReceiver, type WebhookReceiver } from './testing';

const PROJECT = path.join(__dirname, '__fixtures__', 'project');
let backend: RunningBackend;
let hooks: WebhookReceiver;

describe('pg_redeliver_event attack 4 (PGlite)', () => {
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

  async function metadata(body: unknown) {
    const res = await fetch(`${backend.url}/v1/metadata`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': backend.ctx.config.adminSecret }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    const text = await res.text();
    let parsed: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed };
  }

  it('bad event_id values are 400s (never 500), and leak nothing', async () => {
    const bad: unknown[] = [1, true, [], {}, ['x'], { a: 'x' }, 'a\u0000b', '\ud800', 'x'.repeat(900_000), "' OR 1=1 --"];
    for (const event_id of bad) {
      const r = await metadata({ type: 'pg_redeliver_event', args: { event_id } });
      expect([r.status, typeof r.body === 'object' ? r.body.code : r.body], JSON.stringify(event_id).slice(0, 20)).not.toContain(500);
      expect(r.status, JSON.stringify(event_id).slice(0, 20)).toBeLessThan(500);
      expect(JSON.stringify(r.body)).not.toMatch(/hdb_catalog|SELECT|interval|stack/i);
    }
    for (const args of [null, [], 'x', 1, { event_id: null }, {}]) {
      const r = await metadata({ type: 'pg_redeliver_event', args });
      expect(r.status, JSON.stringify(args)).toBe(400);
    }
    // Many at once in a bulk: all answered.
    const bulk = await metadata({ type: 'bulk', args: Array.from({ length: 200 }, () => ({ type: 'redeliver_event', args: { event_id: 'nope' } })) });
    expect(bulk.status).toBe(400);
    expect(bulk.body.code).toBe('not-exists');
  });

  // Pre-existing (the router's express.json is older than this session): a body that is not JSON.
  it('a truncated JSON body, or one over the 1 MB limit, is a 4xx, not a 500', async () => {
    const r = await metadata('{"type":"pg_redeliver_event","args":{"event_id":');
    expect([r.status, JSON.stringify(r.body).slice(0, 200)]).toEqual([400, expect.any(String)]);
    const big = await metadata(JSON.stringify({ type: 'pg_redeliver_event', args: { event_id: 'x'.repeat(2_000_000) } }));
    expect(big.status).toBe(413);
  });

  // The cross-backend redelivery this review also showed (a first try out for over 30 minutes,
  // redelivered through another backend, taken for done by that call) cannot happen any more: a
  // table event's call may not last that long (MAX_TABLE_EVENT_TIMEOUT_SEC, refused at load).
  it('a table event trigger whose calls could outlast the 30-minute lock is refused at load', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-timeout-'));
    try {
      fs.cpSync(PROJECT, dir, { recursive: true });
      const file = path.join(dir, 'metadata/databases/default/tables/public_notes.yaml');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('timeout_sec: 2', `timeout_sec: ${MAX_TABLE_EVENT_TIMEOUT_SEC + 1}`));
      expect(() => loadEventsConfig(dir)).toThrow(`retry_conf.timeout_sec must be at most ${MAX_TABLE_EVENT_TIMEOUT_SEC}`);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(`timeout_sec: ${MAX_TABLE_EVENT_TIMEOUT_SEC + 1}`, `timeout_sec: ${MAX_TABLE_EVENT_TIMEOUT_SEC}`));
      expect(loadEventsConfig(dir).triggers.find((t) => t.name === 'notes_changed')?.retry.timeoutSec).toBe(MAX_TABLE_EVENT_TIMEOUT_SEC);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
