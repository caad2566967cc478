// The embedded Nhost: one HTTP server on one port serving
//   /v1/graphql (+ WebSocket), /v1/auth/*, /v1/storage/*, /v1/functions/*, /healthz, /dev/outbox
// over one database. Path-style URLs match what the Nhost SDK builds for subdomain 'localhost'.
import http from 'node:http';
import express from 'express';
import { assertSafeToListen, type BackendConfig } from './config';
import type { BackendContext, Logger, Service, GraphqlEngine, Mailer } from './context';
import { openDb, migrate, type Db } from './db';
import { describeStaleLock, lockDataDir, type DataDirLock } from './db/lock';
import { createJwtKeys } from './jwt';
import { createGraphqlEngine } from './graphql';
import { createMailer } from './mail';
import { provideMailer } from '../functions/_lib/mail';
import { createAuthService } from './auth';
import { createStorageService } from './storage';
import { createFunctionsService } from './functions';
import { createEventsService } from './events';
import { loadMetadata } from './graphql/metadata';
import { trustedProxy } from './clientAddress';
import { refuseInterruptedRestore } from './db/restoreMarker';

/** How long a shutdown waits for requests in flight before it closes their connections. */
const SHUTDOWN_GRACE_MS = 5000;

export interface RunningBackend {
  url: string;
  port: number;
  ctx: BackendContext;
  engine: GraphqlEngine;
  mailer: Mailer;
  close(): Promise<void>;
}

export function consoleLogger(quiet: boolean): Logger {
  return {
    info: (m) => {
      if (!quiet) console.log(`[backend] ${m}`);
    },
    warn: (m) => console.warn(`[backend] ${m}`),
    error: (m, e) => console.error(`[backend] ${m}`, e instanceof Error ? e.message : (e ?? '')),
  };
}

/**
 * `lock`: the data folder's lock, taken by a caller that checks it before loading this module
 * (backend/cli.ts); released on close like one taken here.
 * `crons`: false runs no cron triggers (events/index.ts EventsServiceOptions); default true. Only
 * the test helper passes it.
 */
export async function startBackend(config: BackendConfig, opts: { db?: Db; log?: Logger; lock?: DataDirLock; crons?: boolean } = {}): Promise<RunningBackend> {
  assertSafeToListen(config);
  const log = opts.log ?? consoleLogger(config.quiet);
  // One owner per data folder, taken before the database is opened (see db/lock.ts). A caller
  // that brings its own database (tests) owns the folder itself.
  const lock = opts.db ? undefined : (opts.lock ?? lockDataDir(config.dataDir, { url: `http://localhost:${config.port}`, command: 'backend' }));
  if (lock?.tookOver) log.warn(describeStaleLock(config.dataDir, lock.tookOver));
  let db: Db;
  try {
    if (!opts.db) refuseInterruptedRestore(config.dataDir);
    db =
      opts.db ??
      (await openDb({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        embeddedPostgres: config.embeddedPostgres && !config.databaseUrl ? { projectDir: config.projectDir, log: log.warn } : undefined,
      }));
  } catch (e) {
    lock?.release();
    throw e;
  }
  log.info(
    config.databaseUrl
      ? 'database: server Postgres (DATABASE_URL)'
      : config.embeddedPostgres
        ? `database: embedded PostgreSQL server in ${config.dataDir}`
        : `database: embedded PGlite in ${config.dataDir}`,
  );
  const report = await migrate(db, { projectDir: config.projectDir, applySeeds: config.applySeeds, log: log.info });
  if (report.seeds.length) log.info(`fresh database: ${report.seeds.length} seed file(s) applied`);

  const ctx: BackendContext = { config, db, jwt: createJwtKeys(config.jwtSecret), log };
  // The events service and the engine read the same metadata: read once (~10-15 ms of CPU).
  const metadata = loadMetadata(config.projectDir);
  const events = await createEventsService(ctx, metadata, { crons: opts.crons });
  // Only tables with event triggers queue events from a mutation: without any, mutations leave the worker alone.
  const engine = await createGraphqlEngine(ctx, { recordSession: events.capturesSessions, afterMutation: events.capturesSessions ? () => events.nudge() : undefined }, metadata);
  const mailer = createMailer(ctx);
  // Functions run in this process: order confirmations and other function mail go through this mailer.
  provideMailer(mailer);
  const services: Service[] = [];
  const auth = await createAuthService(ctx, mailer);
  const storage = await createStorageService(ctx, engine);
  const functions = await createFunctionsService(ctx);
  services.push(auth, storage, functions);

  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For counts only from the proxies BACKEND_TRUST_PROXY names (default: loopback).
  const trustProxy = trustedProxy();
  app.set('trust proxy', (address: string) => trustProxy(address));
  // Requests in flight, so a shutdown lets them finish (up to SHUTDOWN_GRACE_MS) before it closes the database.
  let inFlight = 0;
  let drained: (() => void) | undefined;
  app.use((_req, res, next) => {
    inFlight++;
    res.once('close', () => {
      if (--inFlight === 0) drained?.();
    });
    next();
  });
  // /dev/* (the outbox holds magic links and codes) sits before the CORS layer, so no other
  // origin's page may read it from a developer's browser, and exists only in development.
  app.use('/dev', devRoutes(config.development, mailer));
  app.use(cors);
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.use('/v1/graphql', engine.router);
  app.use('/v1/auth', auth.router);
  app.use('/v1/storage', storage.router);
  app.use('/v1/functions', functions.router);
  app.use('/v1/metadata', events.router);
  app.use((_req, res) => res.status(404).json({ status: 404, error: 'not-found', message: 'Not found' }));
  // Last resort: never leak a stack trace, never take the process down.
  app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    log.error('unhandled request error', err);
    if (!res.headersSent) res.status(500).json({ status: 500, error: 'internal-server-error', message: 'Internal server error' });
  });

  const server = http.createServer(app);
  engine.attachWebSocket(server, '/v1/graphql');
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  // With port 0 (tests) the public URL is only known now; links and presigned URLs need the real one.
  if (/:0$/.test(config.publicUrl)) config.publicUrl = url;
  lock?.update(url);
  await events.start();
  log.info(`listening on ${url} (graphql ${url}/v1/graphql, auth ${url}/v1/auth, storage ${url}/v1/storage, functions ${url}/v1/functions)`);

  return {
    url,
    port,
    ctx,
    engine,
    mailer,
    async close() {
      // No new connections; idle ones close now, requests in flight get a grace period.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections?.();
      if (inFlight > 0) await Promise.race([new Promise<void>((r) => (drained = r)), new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS).unref())]);
      server.closeAllConnections?.();
      await closed;
      await events.close?.();
      for (const s of services) await s.close?.();
      await engine.close();
      if (!opts.db) await db.close();
      lock?.release();
    },
  };
}

function devRoutes(development: boolean, mailer: Mailer): express.Router {
  const router = express.Router();
  if (development) router.use(['/outbox.json', '/outbox'], mailer.router);
  router.use((_req, res) => res.status(404).json({ status: 404, error: 'not-found', message: 'Not found' }));
  return router;
}

const ADMIN_SECRET_HEADERS = new Set(['x-hasura-admin-secret', 'x-hasura-access-key']);

/** The web app runs on another origin in development; the real Nhost services allow any origin too. */
function cors(req: express.Request, res: express.Response, next: express.NextFunction): void {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, HEAD, OPTIONS');
  // A web page never gets to send the admin secret: with the public default secret on a developer's
  // machine, any site the developer visits could otherwise use it through their browser.
  const asked = (req.headers['access-control-request-headers'] ?? 'authorization, content-type, x-hasura-role')
    .split(',').map((h) => h.trim()).filter((h) => h && !ADMIN_SECRET_HEADERS.has(h.toLowerCase()));
  res.setHeader('Access-Control-Allow-Headers', asked.join(', '));
  res.setHeader('Access-Control-Expose-Headers', 'etag, content-length, content-range, x-error');
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  next();
}
