import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../tests/helpers/backend';
import type { RunningBackend } from './server';

describe('embedded backend server', () => {
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(async () => {
    await backend.close();
  });

  it('answers /healthz and creates the auth and storage schemas', async () => {
    const res = await fetch(`${backend.url}/healthz`);
    expect(await res.json()).toEqual({ status: 'ok' });
    const r = await backend.ctx.db.query<{ id: string }>('SELECT id FROM storage.buckets');
    expect(r.rows.map((x) => x.id)).toEqual(['default']);
    const roles = await backend.ctx.db.query<{ role: string }>('SELECT role FROM auth.roles ORDER BY role');
    // hasura-auth's own roles; the product's migrations add its staff roles.
    expect(roles.rows.map((x) => x.role)).toEqual(expect.arrayContaining(['anonymous', 'me', 'user']));
  });

  it('answers unknown paths with a JSON 404, not a stack trace', async () => {
    const res = await fetch(`${backend.url}/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not-found' });
  });
});
