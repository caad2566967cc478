// The test files of a shared worker (project node-shared) take turns on one in-memory database per
// kind (tests/helpers/sharedDatabases.ts). This proves a file that dirties every kind of state
// leaves the next backend nothing: the rows (every table, byte for byte as a freshly loaded
// snapshot), users and sessions, the mail outbox, stored files, open subscriptions, rate limits.
// And that what a reset cannot undo (a table, a session setting), or a write arriving after a
// file closed its backend, fails loudly instead of reaching the next file.
import { createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { post, uniqueEmail } from '../../backend/auth/testing';
import type { RunningBackend } from '../../backend/server';
import { startTestBackend } from '../helpers/backend';
import { contentDigest } from '../helpers/baseline';
import { sharingEnabled } from '../helpers/sharedDatabases';

// Each test starts two to four backends, some on new databases (~2-4 s of CPU each): long
// timeouts for a loaded machine.
const open: RunningBackend[] = [];

async function start(opts: Parameters<typeof startTestBackend>[0] = {}): Promise<RunningBackend> {
  const backend = await startTestBackend(opts);
  open.push(backend);
  return backend;
}

async function close(backend: RunningBackend): Promise<void> {
  open.splice(open.indexOf(backend), 1);
  await backend.close();
}

afterAll(async () => {
  for (const b of open) await b.close().catch(() => undefined);
});

async function graphql(backend: RunningBackend, query: string): Promise<{ data?: Record<string, unknown>; errors?: unknown[] }> {
  const res = await fetch(`${backend.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': backend.ctx.config.adminSecret },
    body: JSON.stringify({ query }),
  });
  return (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
}

async function upload(backend: RunningBackend): Promise<string> {
  const form = new FormData();
  form.append('file[]', new File([new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])], 'left.bin', { type: 'application/octet-stream' }));
  const res = await fetch(`${backend.url}/v1/storage/files`, { method: 'POST', headers: { 'x-hasura-admin-secret': backend.ctx.config.adminSecret }, body: form });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { processedFiles: Array<{ id: string }> };
  return body.processedFiles[0].id;
}

const count = async (backend: RunningBackend, sql: string) => Number((await backend.ctx.db.query<{ n: string }>(sql)).rows[0].n);

describe('backends sharing a worker database', () => {
  it('runs here with sharing on (project node-shared)', () => {
    expect(sharingEnabled()).toBe(true);
  });

  it('leave the next backend nothing of what a file did: rows, users, mail, files, subscriptions, rate limits', async () => {
    const limited = { AUTH_RATE_LIMIT_ENABLE: 'true', AUTH_RATE_LIMIT_SIGNUPS_BURST: '1' };
    // The worker's seeded database as a file finds it (taken and given back once, so it is there).
    const warmUp = await start({ applySeeds: true });
    await close(warmUp);
    const before = await contentDigest(warmUp.ctx.db);
    const first = await start({ applySeeds: true, env: limited });
    const db = first.ctx.db;
    expect(db).toBe(warmUp.ctx.db);

    // Users, sessions, a rate limit used up, mail in the outbox.
    const email = uniqueEmail('left-behind');
    expect((await post(first, '/signup/email-password', { email, password: 'a-long-password' })).status).toBe(200);
    expect((await post(first, '/signup/email-password', { email: uniqueEmail('second'), password: 'a-long-password' })).status).toBe(429);
    expect((await post(first, '/signin/passwordless/email', { email })).status).toBe(200);
    expect(first.mailer.outbox().length).toBeGreaterThan(0);
    // A stored file, rows changed through GraphQL and SQL (seeded ones deleted and updated, with
    // their triggers and event triggers firing), an open subscription.
    const fileId = await upload(first);
    expect((await graphql(first, 'mutation { delete_review_scores(where: {}) { affected_rows } }')).errors).toBeUndefined();
    await db.query(`UPDATE public.units SET id = id`);
    await db.query(`UPDATE public.booked_units SET price = price + 1 WHERE id = (SELECT id FROM public.booked_units ORDER BY id LIMIT 1)`);
    expect(await count(first, 'SELECT count(*) AS n FROM public.review_scores')).toBe(0);
    const ws = createClient({ url: `${first.url.replace(/^http/, 'ws')}/v1/graphql`, webSocketImpl: WebSocket, connectionParams: { headers: { 'x-hasura-admin-secret': first.ctx.config.adminSecret } }, retryAttempts: 0 });
    let closed = false;
    ws.on('closed', () => (closed = true));
    const results: unknown[] = [];
    const unsubscribe = ws.subscribe({ query: 'subscription { units(limit: 1) { id } }' }, { next: (r) => void results.push(r), error: () => undefined, complete: () => undefined });
    await expect.poll(() => results.length, { timeout: 10_000 }).toBeGreaterThan(0);

    await close(first);

    // Every table is as the file found it, row for row.
    const after = await contentDigest(db);
    expect(Object.keys(after).length).toBeGreaterThan(100);
    expect(after).toEqual(before);
    await expect.poll(() => closed, { timeout: 10_000 }).toBe(true);
    unsubscribe();

    const next = await start({ applySeeds: true, env: limited });
    expect(next.ctx.db).toBe(db); // the same database, not a new one
    expect(await count(next, 'SELECT count(*) AS n FROM public.review_scores')).toBeGreaterThan(0);
    expect(await count(next, `SELECT count(*) AS n FROM auth.users WHERE email = '${email}'`)).toBe(0);
    expect((await post(next, '/signin/email-password', { email, password: 'a-long-password' })).status).toBe(401);
    expect(next.mailer.outbox()).toEqual([]);
    expect((await fetch(`${next.url}/v1/storage/files/${fileId}`, { headers: { 'x-hasura-admin-secret': next.ctx.config.adminSecret } })).status).toBe(404);
    // Its own rate limiter: the sign-up the first backend refused is accepted here.
    expect((await post(next, '/signup/email-password', { email: uniqueEmail('next'), password: 'a-long-password' })).status).toBe(200);
    await close(next);
  }, 240_000);

  it('fail the file that leaves what a reset cannot undo, and give the next backend a new database', async () => {
    const leaky = await start();
    await leaky.ctx.db.exec(`CREATE TABLE public.left_behind (id int); SELECT set_config('statement_timeout', '1234', false)`);
    open.splice(open.indexOf(leaky), 1);
    const error = await leaky.close().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/shared-test-backends\.test\.ts left the shared test database changed in ways a reset cannot undo/);
    expect((error as Error).message).toContain('added: RELATION r public.left_behind p');
    expect((error as Error).message).toContain('added: SETTING statement_timeout=1234');
    await expect(leaky.ctx.db.query('SELECT 1')).rejects.toThrow(); // dropped

    const next = await start();
    expect(next.ctx.db).not.toBe(leaky.ctx.db);
    expect((await next.ctx.db.query<{ t: string | null }>(`SELECT to_regclass('public.left_behind')::text AS t`)).rows[0].t).toBeNull();
    await close(next);
  }, 240_000);

  it('fail the next file when a write reaches the database after a file closed its backend, naming that file', async () => {
    const early = await start();
    const db = early.ctx.db;
    await close(early);
    await db.query(`INSERT INTO auth.roles (role) VALUES ('late-writer')`);
    await expect(start()).rejects.toThrow(/changed after .*shared-test-backends\.test\.ts closed its backend[\s\S]*rows of auth\.roles/);
    await expect(db.query('SELECT 1')).rejects.toThrow(); // dropped

    const next = await start();
    expect(next.ctx.db).not.toBe(db);
    expect(await count(next, `SELECT count(*) AS n FROM auth.roles WHERE role = 'late-writer'`)).toBe(0);
    await close(next);
  }, 240_000);

  it('give a backend started while the shared database is taken, or asked with shared: false, a database of its own', async () => {
    const a = await start();
    const b = await start();
    const own = await start({ shared: false });
    expect(new Set([a.ctx.db, b.ctx.db, own.ctx.db]).size).toBe(3);
    await close(a);
    await close(b);
    await close(own);
    // The shared one stays for the next backend; the others were closed with theirs.
    await expect(b.ctx.db.query('SELECT 1')).rejects.toThrow();
    await expect(own.ctx.db.query('SELECT 1')).rejects.toThrow();
    const again = await start();
    expect(again.ctx.db).toBe(a.ctx.db);
    await close(again);
  }, 240_000);
});
