import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../../tests/helpers/postgres';
import { startTestBackend } from '../../tests/helpers/backend';

// The same start-up path on a server Postgres (CI installs Debian's postgresql).
describe('backend on a server Postgres (DATABASE_URL)', () => {
  let pg: TempPostgres | null;
  beforeAll(async () => {
    pg = await startTempPostgres();
    if (!pg) throw new Error('PostgreSQL server binaries not found: install Debian postgresql (.ci/run does)');
  });
  afterAll(() => pg?.stop());

  it('creates the auth and storage schemas and serves /healthz', async () => {
    const url = await pg!.createDatabase('server_smoke');
    const backend = await startTestBackend({ databaseUrl: url });
    try {
      expect(backend.ctx.db.kind).toBe('postgres');
      const r = await backend.ctx.db.query<{ id: string }>('SELECT id FROM storage.buckets');
      expect(r.rows).toEqual([{ id: 'default' }]);
      expect((await fetch(`${backend.url}/healthz`)).status).toBe(200);
    } finally {
      await backend.close();
    }
  });
});
