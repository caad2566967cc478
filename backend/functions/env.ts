// The environment Nhost gives functions (NHOST_* service URLs, secrets), pointed at this server.
import type { BackendConfig } from '../config';

export const DEFAULT_WEBHOOK_SECRET = 'nhost-webhook-secret';

export function functionsEnvironment(config: BackendConfig, env: Record<string, string | undefined>): Record<string, string> {
  const base = config.publicUrl;
  return {
    NHOST_AUTH_URL: `${base}/v1/auth`,
    NHOST_GRAPHQL_URL: `${base}/v1/graphql`,
    NHOST_STORAGE_URL: `${base}/v1/storage`,
    NHOST_FUNCTIONS_URL: `${base}/v1/functions`,
    NHOST_SUBDOMAIN: 'localhost',
    NHOST_REGION: '',
    NHOST_ADMIN_SECRET: config.adminSecret,
    NHOST_JWT_SECRET: JSON.stringify(config.jwtSecret),
    NHOST_WEBHOOK_SECRET: env.NHOST_WEBHOOK_SECRET || DEFAULT_WEBHOOK_SECRET,
    HASURA_GRAPHQL_ADMIN_SECRET: config.adminSecret,
    HASURA_GRAPHQL_JWT_SECRET: JSON.stringify(config.jwtSecret),
    HASURA_GRAPHQL_GRAPHQL_URL: `${base}/v1/graphql`,
    // Not an Nhost variable: lets functions (e.g. health) say which database the embedded backend runs on.
    STAYDESK_DATABASE_KIND: config.databaseUrl || config.embeddedPostgres ? 'postgres' : 'pglite',
  };
}
