// The Hasura-dialect GraphQL engine: metadata + catalog -> model -> a schema per role; serves
// POST /v1/graphql, subscriptions over WebSocket, in-process execute() and the role SDL printer.
import type http from 'node:http';
import { printSchema } from 'graphql';
import type { BackendConfig } from '../config';
import type { BackendContext, GraphqlEngine, Headers } from '../context';
import { openDb, migrate, type Queryable } from '../db';
import { readCatalog, type CatalogTable } from './catalog';
import { readEnumValues } from './enumTables';
import { Executor, type ExecutorHooks } from './execute';
import { graphqlRouter } from './http';
import { loadMetadata, qualified, type Metadata } from './metadata';
import { buildModel, type Model } from './model';
import { fingerprint, sharedModel } from './modelCache';
import { authenticate, VerifiedTokens } from './session';
import { readNhostToml } from '../auth/settings';
import { attachSubscriptions } from './subscriptions';
import type { SubscriptionDeps, SubscriptionServer } from './types';

import { messageDialect, setMessageDialect, type MessageDialect } from './errors';

export { GqlError } from './errors';

export interface EngineOptions {
  /** Error wording: Hasura's current one (Nhost Cloud), or the older one of the shared kit. */
  messages?: MessageDialect;
  /** Render bigint/numeric/float8 as JSON strings (Hasura's HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES). */
  stringifyNumerics: boolean;
  unauthorizedRole: string;
  /** HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS; unset: nhost.toml's setting, else Hasura's true. */
  inferFunctionPermissions?: boolean;
}

export function engineOptions(env: Record<string, string | undefined> = process.env): EngineOptions {
  return {
    stringifyNumerics: (env.HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES ?? 'true').toLowerCase() !== 'false',
    unauthorizedRole: env.HASURA_GRAPHQL_UNAUTHORIZED_ROLE || 'public',
    messages: messageDialect(env),
    inferFunctionPermissions: booleanSetting(env.HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS),
  };
}

function booleanSetting(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v !== 'string' || !v.trim()) return undefined;
  return v.trim().toLowerCase() !== 'false';
}

/** `[hasura.settings] inferFunctionPermissions` of nhost.toml (the setting Nhost Cloud reads). */
export function inferFunctionPermissions(projectDir: string, opts: EngineOptions): boolean {
  if (opts.inferFunctionPermissions !== undefined) return opts.inferFunctionPermissions;
  const settings = (readNhostToml(projectDir) as { hasura?: { settings?: { inferFunctionPermissions?: unknown } } }).hasura?.settings;
  return booleanSetting(settings?.inferFunctionPermissions) ?? true;
}

/** The functions the metadata names: tracked ones and those behind computed fields. */
function metadataFunctions(m: Metadata): { schema: string; name: string }[] {
  const names = [...m.functions.map((f) => f.function), ...m.tables.flatMap((t) => (t.computed_fields ?? []).map((cf) => cf.definition.function))];
  return names.map((n) => qualified(n));
}

/** `loaded`: the project's metadata when the caller has read it already (one read per start). */
export async function loadModel(db: Queryable, projectDir: string, opts: EngineOptions, edit?: (m: Metadata) => Metadata, loaded = loadMetadata(projectDir)): Promise<Model> {
  const metadata = edit ? edit(loaded) : loaded;
  const catalog = await readCatalog(db, { functions: metadataFunctions(metadata) });
  const modelOpts = { stringifyNumerics: opts.stringifyNumerics, inferFunctionPermissions: inferFunctionPermissions(projectDir, opts) };
  const model = buildModel(metadata, catalog, modelOpts);
  const enums: [string, unknown][] = [];
  for (const t of model.tables.values()) {
    if (!t.enumValues) continue;
    t.enumValues = await readEnumValues(db, t, catalog.tables.get(t.key) as CatalogTable);
    enums.push([t.key, t.enumValues]);
  }
  // Error texts follow the message dialect; cached validation results hold them.
  return sharedModel(fingerprint([metadata, catalog, modelOpts, enums, messageDialect()]), model);
}

export async function createGraphqlEngine(ctx: BackendContext, hooks: ExecutorHooks = {}, metadata?: Metadata): Promise<GraphqlEngine> {
  const opts = engineOptions();
  setMessageDialect(opts.messages ?? 'current');
  // Postgres renders timestamptz in the session time zone; Hasura answers in UTC.
  if (ctx.db.kind === 'pglite') await ctx.db.exec(`SET TIME ZONE 'UTC'`);
  const model = await loadModel(ctx.db, ctx.config.projectDir, opts, undefined, metadata);
  const executor = new Executor(model, ctx.db, hooks);
  const sessionOpts = { adminSecret: ctx.config.adminSecret, jwt: ctx.jwt, unauthorizedRole: opts.unauthorizedRole, verifiedTokens: new VerifiedTokens() };
  const auth = (h: Headers) => authenticate(h, sessionOpts);
  const deps: SubscriptionDeps = {
    authenticate: auth,
    prepare: (session, request) => executor.prepare(session, request),
    execute: (session, request) => executor.execute(session, request),
  };
  const sockets: SubscriptionServer[] = [];
  return {
    router: graphqlRouter(executor, auth),
    attachWebSocket(server: http.Server, path: string) {
      sockets.push(attachSubscriptions(server, path, deps, { log: ctx.log, refetchIntervalMs: liveQueryRefetchMs(ctx.config.projectDir) }));
    },
    async execute(request, headers) {
      const a = await auth(headers);
      if (!a.ok) return { errors: [a.error] };
      return executor.execute(a.session, request);
    },
    async close() {
      for (const s of sockets) await s.close();
    },
  };
}

/** SDL of one role's schema, from the project's migrations and metadata (in-memory database). */
export async function printRoleSchema(config: BackendConfig, role: string): Promise<string> {
  const db = await openDb({});
  try {
    await migrate(db, { projectDir: config.projectDir, applySeeds: false });
    const model = await loadModel(db, config.projectDir, engineOptions());
    const executor = new Executor(model, db);
    return `${printSchema(executor.schemaFor(role))}\n`;
  } finally {
    await db.close();
  }
}

/**
 * How often live queries re-run: HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL (ms), else
 * nhost.toml's `[hasura.settings] liveQueriesMultiplexedRefetchInterval` (the same setting Nhost
 * Cloud reads), else Hasura's 1000 ms.
 */
export function liveQueryRefetchMs(projectDir: string, env: Record<string, string | undefined> = process.env): number {
  const fromEnv = Number(env.HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL);
  if (Number.isFinite(fromEnv) && fromEnv > 0) return fromEnv;
  const settings = (readNhostToml(projectDir) as { hasura?: { settings?: { liveQueriesMultiplexedRefetchInterval?: unknown } } }).hasura?.settings;
  const fromToml = Number(settings?.liveQueriesMultiplexedRefetchInterval);
  return Number.isFinite(fromToml) && fromToml > 0 ? fromToml : 1000;
}
