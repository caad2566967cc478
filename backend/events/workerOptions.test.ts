// The events worker's settings from Hasura's environment variables: the webhook pool defaults to
// PGlite's small pool on PGlite and to Hasura's 100 on a server Postgres, and
// HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE overrides either (a value that is not a positive whole
// number is ignored); the cron triggers run whatever the environment says. events.suite.ts shows
// the pool holding on the real backend.
import { describe, expect, it } from 'vitest';
import { PGLITE_HTTP_POOL_SIZE, workerOptions } from '.';

describe('events worker options', () => {
  it('sends at most 4 webhook calls at once on PGlite and 100 on a server Postgres by default', () => {
    expect(PGLITE_HTTP_POOL_SIZE).toBe(4);
    expect(workerOptions({}, 'pglite').concurrency).toBe(4);
    expect(workerOptions({}, 'postgres').concurrency).toBe(100);
  });

  it('takes HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE on either database, and ignores a value that is not a positive whole number', () => {
    expect(workerOptions({ HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE: '16' }, 'pglite').concurrency).toBe(16);
    expect(workerOptions({ HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE: '2' }, 'postgres').concurrency).toBe(2);
    for (const bad of ['0', '-3', '2.5', 'many', ''])
      expect(workerOptions({ HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE: bad }, 'pglite').concurrency).toBe(PGLITE_HTTP_POOL_SIZE);
    expect(workerOptions({ HASURA_GRAPHQL_EVENTS_FETCH_BATCH_SIZE: '50', HASURA_GRAPHQL_EVENTS_FETCH_INTERVAL: '250' }, 'postgres')).toMatchObject({ batchSize: 50, fetchIntervalMs: 250, concurrency: 100 });
  });

  it('runs the cron triggers whatever the environment says: only the in-process start option (tests) turns them off', () => {
    const env = { ...process.env, HASURA_GRAPHQL_ENABLE_CRONS: 'false', STAYDESK_CRONS: 'off', CRONS: 'false', NODE_ENV: 'test' };
    expect(workerOptions(env, 'pglite').crons).toBe(true);
    expect(workerOptions(env, 'postgres').crons).toBe(true);
  });
});
