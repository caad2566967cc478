// GET|POST /v1/functions/health: version, uptime, database kind and whether GraphQL answers.
// Works the same on Nhost Cloud (NHOST_* from the platform) and on the embedded backend.
import fs from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';

const GRAPHQL_TIMEOUT_MS = 3000;

function readVersion(): string {
  for (const candidate of [path.resolve(__dirname, '../package.json'), path.resolve(__dirname, 'package.json')]) {
    try {
      const pkg: unknown = JSON.parse(fs.readFileSync(candidate, 'utf8'));
      if (typeof pkg === 'object' && pkg && 'version' in pkg && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // try the next candidate
    }
  }
  return 'unknown';
}

async function checkGraphql(): Promise<{ ok: boolean; ms: number; error?: string }> {
  const url = process.env.NHOST_GRAPHQL_URL;
  const started = Date.now();
  if (!url) return { ok: false, ms: 0, error: 'NHOST_GRAPHQL_URL is not set' };
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': process.env.NHOST_ADMIN_SECRET ?? '' },
      body: JSON.stringify({ query: 'query Health { __typename }' }),
      signal: AbortSignal.timeout(GRAPHQL_TIMEOUT_MS),
    });
    const body: unknown = await res.json().catch(() => null);
    const ok = res.ok && typeof body === 'object' && body !== null && 'data' in body && (body as { data: { __typename?: unknown } }).data?.__typename === 'query_root';
    return ok ? { ok, ms: Date.now() - started } : { ok, ms: Date.now() - started, error: `HTTP ${res.status}` };
  } catch (e) {
    return { ok: false, ms: Date.now() - started, error: e instanceof Error ? e.message : 'unreachable' };
  }
}

export default async function health(_req: Request, res: Response): Promise<void> {
  const graphql = await checkGraphql();
  res.status(graphql.ok ? 200 : 503).json({
    status: graphql.ok ? 'ok' : 'degraded',
    version: readVersion(),
    uptimeSeconds: Math.round(process.uptime()),
    database: process.env.STAYDESK_DATABASE_KIND ?? 'postgres',
    graphql,
  });
}
