// Runtime settings of the embedded backend, read once from CLI flags and the environment.
// Names follow what Nhost Cloud and the Nhost CLI use, so a deployment's settings mean the same here.
import path from 'node:path';
import { DEFAULT_WEBHOOK_SECRET } from './functions/env';
import { parseJwtSecret, type JwtSecretConfig } from './jwt';

export const NHOST_CLI_DEFAULT_JWT_SECRET =
  '{"type":"HS256","key":"0f987876650b4a085e64594fae9219e7781b17506bec02489ad061fba8cb22db"}';
export const DEFAULT_ADMIN_SECRET = 'nhost-admin-secret';
export const DEFAULT_PORT = 1337;
/** Loopback only unless told otherwise (--host / HOST): the defaults above are public knowledge. */
export const DEFAULT_HOST = '127.0.0.1';

export interface BackendConfig {
  /** Folder holding migrations/, metadata/, seeds/, emails/ and nhost.toml (an Nhost project folder). */
  projectDir: string;
  /** Folder of Nhost functions served at /v1/functions. */
  functionsDir: string;
  /** Where PGlite keeps its files and storage keeps uploaded bytes (ignored for the DB when databaseUrl is set). */
  dataDir: string;
  /** A server Postgres; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** --postgres: a real PostgreSQL server under <dataDir>/postgres instead of PGlite (db/embedded.ts). */
  embeddedPostgres: boolean;
  port: number;
  host: string;
  adminSecret: string;
  jwtSecret: JwtSecretConfig;
  /** NHOST_WEBHOOK_SECRET, handed to functions (and event webhooks) to authenticate callers. */
  webhookSecret: string;
  /** NODE_ENV is not production: the dev outbox (/dev/*) exists only then. */
  development: boolean;
  /** Public base URL of this server, e.g. http://localhost:1337 (used in mailed links and presigned URLs). */
  publicUrl: string;
  /** The web app, default redirect target of auth links. */
  clientUrl: string;
  /** Apply seeds on a fresh database (off for test projects that bring their own data). */
  applySeeds: boolean;
  /** Quiet logs (tests). */
  quiet: boolean;
}

export interface CliFlags {
  project?: string;
  functions?: string;
  port?: string;
  data?: string;
  host?: string;
  seeds?: string;
  quiet?: boolean;
  postgres?: boolean | string;
}

export function loadConfig(flags: CliFlags = {}, env: NodeJS.ProcessEnv = process.env): BackendConfig {
  const root = process.cwd();
  const port = Number(flags.port ?? env.PORT ?? DEFAULT_PORT);
  const host = flags.host ?? env.HOST ?? DEFAULT_HOST;
  const publicUrl = (env.NHOST_BACKEND_PUBLIC_URL ?? env.AUTH_SERVER_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    projectDir: path.resolve(root, flags.project ?? 'nhost'),
    functionsDir: path.resolve(root, flags.functions ?? env.NHOST_FUNCTIONS_DIR ?? 'functions'),
    dataDir: path.resolve(root, flags.data ?? env.NHOST_DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPostgres: (flags.postgres !== undefined && flags.postgres !== 'false' && flags.postgres !== false) || env.NHOST_EMBEDDED_POSTGRES === 'true',
    port,
    host,
    adminSecret: env.NHOST_ADMIN_SECRET || env.HASURA_GRAPHQL_ADMIN_SECRET || DEFAULT_ADMIN_SECRET,
    jwtSecret: parseJwtSecret(env.NHOST_JWT_SECRET || env.HASURA_GRAPHQL_JWT_SECRET || NHOST_CLI_DEFAULT_JWT_SECRET),
    webhookSecret: env.NHOST_WEBHOOK_SECRET || DEFAULT_WEBHOOK_SECRET,
    development: env.NODE_ENV !== 'production',
    publicUrl,
    clientUrl: (env.AUTH_CLIENT_URL ?? 'http://localhost:3000').replace(/\/$/, ''),
    applySeeds: flags.seeds !== 'false' && env.NHOST_APPLY_SEEDS !== 'false',
    quiet: Boolean(flags.quiet) || env.NHOST_BACKEND_QUIET === 'true',
  };
}

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h);
}

/**
 * Listening beyond this machine with a secret everyone knows (the Nhost CLI defaults) would hand
 * the database to anyone who can reach the port: refuse, naming the variable to set.
 */
export function assertSafeToListen(config: BackendConfig): void {
  if (isLoopbackHost(config.host)) return;
  const defaults: Array<[boolean, string]> = [
    [config.adminSecret === DEFAULT_ADMIN_SECRET, 'NHOST_ADMIN_SECRET (or HASURA_GRAPHQL_ADMIN_SECRET)'],
    [config.jwtSecret.key === parseJwtSecret(NHOST_CLI_DEFAULT_JWT_SECRET).key, 'NHOST_JWT_SECRET (or HASURA_GRAPHQL_JWT_SECRET)'],
    [config.webhookSecret === DEFAULT_WEBHOOK_SECRET, 'NHOST_WEBHOOK_SECRET'],
  ];
  const weak = defaults.filter(([isDefault]) => isDefault).map(([, name]) => name);
  if (weak.length === 0) return;
  throw new UnsafeConfigError(
    `refusing to listen on ${config.host}: ${weak.join(', ')} ${weak.length === 1 ? 'is' : 'are'} the public default. ` +
      `Set ${weak.length === 1 ? 'it' : 'them'} to secret values, or listen on loopback (--host 127.0.0.1).`,
  );
}

export class UnsafeConfigError extends Error {}
