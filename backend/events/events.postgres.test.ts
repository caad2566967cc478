// The events suite on a throwaway server Postgres (see tests/helpers/postgres.ts).
import { afterAll } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../../tests/helpers/postgres';
import { defineEventsSuite } from './events.suite';

let pg: TempPostgres | null = null;
afterAll(() => pg?.stop());

defineEventsSuite('server Postgres', async () => {
  pg = await startTempPostgres();
  if (!pg) throw new Error('PostgreSQL server binaries not found: install Debian postgresql (.ci/run does)');
  return pg.createDatabase('events');
});
