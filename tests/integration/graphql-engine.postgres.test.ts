// The same engine suite on a throwaway server Postgres (CI installs Debian's postgresql).
import { afterAll } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../helpers/postgres';
import { defineEngineSuite } from './graphql-engine.suite';

let pg: TempPostgres | null = null;
afterAll(() => pg?.stop());

defineEngineSuite('server Postgres', async () => {
  pg = await startTempPostgres();
  if (!pg) throw new Error('PostgreSQL server binaries not found: install Debian postgresql (.ci/run does)');
  return pg.createDatabase('graphql_engine');
});
