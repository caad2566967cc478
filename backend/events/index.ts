// Event triggers, cron triggers and scheduled events of the project's metadata, run the Hasura
// way: Postgres triggers log changes in the writing transaction, a worker delivers them after
// commit with retries, and the metadata API (/v1/metadata) invokes, schedules and shows them.
import type { BackendContext, Service } from '../context';
import type { Db } from '../db';
import { functionsEnvironment } from '../functions/env';
import type { Metadata } from '../graphql/metadata';
import { loadEventsConfig, type EventsConfig } from './config';
import { installEventTriggers } from './install';
import { metadataRouter } from './metadataApi';
import { DEFAULT_WORKER_OPTIONS, EventWorker, type WorkerOptions } from './worker';

export interface EventsService extends Service {
  /** Starts delivering (once the server listens, so `{{NHOST_FUNCTIONS_URL}}` points at it). */
  start(): Promise<void>;
  /** Tells the worker a write may have queued events. */
  nudge(): void;
  /** True when some table has an event trigger (mutations then record their session for the events). */
  capturesSessions: boolean;
  config: EventsConfig;
}

function positive(v: string | undefined, fallback: number): number {
  const n = Number(v);
  return v !== undefined && Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * Webhook calls in flight at once on PGlite unless HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE says
 * otherwise. PGlite is one database session in this process, so the statements of every function
 * the calls reach (a booking's NTAK and cleaning events read and write through GraphQL) run one
 * after another: calls in flight beyond a few add no throughput, only waiting, and with Hasura's
 * 100 a burst made each call wait behind the others past its timeout, fail and be sent again.
 * Measured in docs/performance.md ("Events worker pool on PGlite"). A server Postgres runs
 * statements side by side and keeps Hasura's 100.
 */
export const PGLITE_HTTP_POOL_SIZE = 4;

/** The worker's settings from Hasura's environment variables; the pool's default depends on the database. */
export function workerOptions(env: Readonly<Record<string, string | undefined>>, database: Db['kind']): WorkerOptions {
  return {
    fetchIntervalMs: positive(env.HASURA_GRAPHQL_EVENTS_FETCH_INTERVAL, DEFAULT_WORKER_OPTIONS.fetchIntervalMs),
    batchSize: positive(env.HASURA_GRAPHQL_EVENTS_FETCH_BATCH_SIZE, DEFAULT_WORKER_OPTIONS.batchSize),
    concurrency: positive(env.HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE, database === 'pglite' ? PGLITE_HTTP_POOL_SIZE : DEFAULT_WORKER_OPTIONS.concurrency),
    cronLookahead: DEFAULT_WORKER_OPTIONS.cronLookahead,
    nudgeMs: DEFAULT_WORKER_OPTIONS.nudgeMs,
    // Never from the environment: only a caller of createEventsService turns crons off.
    crons: DEFAULT_WORKER_OPTIONS.crons,
  };
}

export interface EventsServiceOptions {
  /**
   * false: the metadata's cron triggers are not run (no runs scheduled in hdb_catalog.hdb_cron_events,
   * none delivered); table event triggers and one-off scheduled events work as ever. Default true.
   * Only the in-process test backend (tests/helpers/backend.ts) passes false, for tests that do not
   * test crons: registry_tick would otherwise change demo rows under them every minute. Nothing that
   * production runs (backend/cli.ts, npm run dev, Nhost Cloud) can set it: no environment variable
   * or flag reaches it.
   */
  crons?: boolean;
}

/** `metadata`: the project's metadata when the caller has read it already (one read per start). */
export async function createEventsService(ctx: BackendContext, metadata?: Metadata, opts: EventsServiceOptions = {}): Promise<EventsService> {
  const config = loadEventsConfig(ctx.config.projectDir, metadata);
  await installEventTriggers(ctx.db, config.triggers);
  const env = () => ({ ...process.env, ...functionsEnvironment(ctx.config, process.env) });
  const crons = opts.crons ?? DEFAULT_WORKER_OPTIONS.crons;
  const worker = new EventWorker(ctx.db, config, env, ctx.log, { ...workerOptions(process.env, ctx.db.kind), crons });
  if (config.triggers.length || config.crons.length) {
    ctx.log.info(`events: ${config.triggers.length} event trigger(s), ${config.crons.length} cron trigger(s)${!crons && config.crons.length ? ' (not run)' : ''}`);
  }
  return {
    config,
    capturesSessions: config.triggers.length > 0,
    router: metadataRouter(ctx.db, config, ctx.config.adminSecret, () => worker.expectOneOff(), (id) => worker.holds(id)),
    start: () => worker.start(),
    nudge: () => worker.nudge(),
    close: () => worker.close(),
  };
}
