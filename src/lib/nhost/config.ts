// Where the Nhost services live, from NEXT_PUBLIC_NHOST_* settings. Explicit service URLs win;
// else the subdomain and region name an Nhost Cloud project (production: eu-central-1); with no
// settings at all the app talks to the embedded backend on localhost:1337.
export const PRODUCTION_REGION = 'eu-central-1';
export const LOCAL_BACKEND_PORT = 1337;

export interface NhostServiceUrls {
  authUrl: string;
  graphqlUrl: string;
  storageUrl: string;
  functionsUrl: string;
}

export interface NhostEnv {
  NEXT_PUBLIC_NHOST_SUBDOMAIN?: string;
  NEXT_PUBLIC_NHOST_REGION?: string;
  NEXT_PUBLIC_NHOST_AUTH_URL?: string;
  NEXT_PUBLIC_NHOST_GRAPHQL_URL?: string;
  NEXT_PUBLIC_NHOST_STORAGE_URL?: string;
  NEXT_PUBLIC_NHOST_FUNCTIONS_URL?: string;
}

type Service = 'auth' | 'graphql' | 'storage' | 'functions';
const LOCAL_SUBDOMAIN = /^(?:(https?):\/\/)?localhost(?::(\d+))?$/;

/**
 * Base URL of one service for a subdomain/region pair, the way the Nhost SDK builds it, except
 * that `localhost[:port]` maps straight to the embedded backend's path-style URLs (the SDK would
 * log a deprecation warning for it) and a missing region means the production region.
 */
export function serviceUrlFromSubdomain(service: Service, subdomain: string, region: string | undefined): string {
  const local = LOCAL_SUBDOMAIN.exec(subdomain);
  if (local) return `${local[1] ?? 'http'}://localhost:${local[2] ?? LOCAL_BACKEND_PORT}/v1/${service}`;
  if (subdomain === 'local') return `https://local.${service}.local.nhost.run/v1`;
  return `https://${subdomain}.${service}.${region || PRODUCTION_REGION}.nhost.run/v1`;
}

export function resolveNhostUrls(env: NhostEnv): NhostServiceUrls {
  const subdomain = env.NEXT_PUBLIC_NHOST_SUBDOMAIN || 'localhost';
  const region = env.NEXT_PUBLIC_NHOST_REGION || undefined;
  const pick = (explicit: string | undefined, service: Service) => (explicit || serviceUrlFromSubdomain(service, subdomain, region)).replace(/\/$/, '');
  return {
    authUrl: pick(env.NEXT_PUBLIC_NHOST_AUTH_URL, 'auth'),
    graphqlUrl: pick(env.NEXT_PUBLIC_NHOST_GRAPHQL_URL, 'graphql'),
    storageUrl: pick(env.NEXT_PUBLIC_NHOST_STORAGE_URL, 'storage'),
    functionsUrl: pick(env.NEXT_PUBLIC_NHOST_FUNCTIONS_URL, 'functions'),
  };
}

/**
 * The settings as Next.js inlines them: each NEXT_PUBLIC_ name must be written out literally,
 * or the browser bundle would not see it.
 */
export function nhostEnvFromProcess(): NhostEnv {
  return {
    NEXT_PUBLIC_NHOST_SUBDOMAIN: process.env.NEXT_PUBLIC_NHOST_SUBDOMAIN,
    NEXT_PUBLIC_NHOST_REGION: process.env.NEXT_PUBLIC_NHOST_REGION,
    NEXT_PUBLIC_NHOST_AUTH_URL: process.env.NEXT_PUBLIC_NHOST_AUTH_URL,
    NEXT_PUBLIC_NHOST_GRAPHQL_URL: process.env.NEXT_PUBLIC_NHOST_GRAPHQL_URL,
    NEXT_PUBLIC_NHOST_STORAGE_URL: process.env.NEXT_PUBLIC_NHOST_STORAGE_URL,
    NEXT_PUBLIC_NHOST_FUNCTIONS_URL: process.env.NEXT_PUBLIC_NHOST_FUNCTIONS_URL,
  };
}
