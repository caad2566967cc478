// Safe outside a laptop: loopback by default, no public default secrets on any other address,
// the dev outbox only in development and never readable cross-origin, secrets compared in
// constant time everywhere in the backend.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertSafeToListen, DEFAULT_ADMIN_SECRET, loadConfig } from '../../backend/config';
import { safeEqual } from '../../backend/secrets';
import { startBackend, type RunningBackend } from '../../backend/server';
import { startTestBackend } from '../helpers/backend';

const STRONG = {
  NHOST_ADMIN_SECRET: 'a-long-random-admin-secret-for-tests',
  NHOST_JWT_SECRET: '{"type":"HS256","key":"a-long-random-jwt-key-for-tests-0123456789abcdef"}',
  NHOST_WEBHOOK_SECRET: 'a-long-random-webhook-secret',
};

describe('listening address and default secrets', () => {
  it('listens on loopback unless told otherwise', () => {
    expect(loadConfig({}, { NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ host: '0.0.0.0' }, { NODE_ENV: 'test' }).host).toBe('0.0.0.0');
  });

  it('refuses to start on a public address with a public default secret, naming the variable', async () => {
    const config = loadConfig({ host: '0.0.0.0', port: '0' }, { NODE_ENV: 'test' });
    await expect(startBackend(config)).rejects.toThrow(/NHOST_ADMIN_SECRET.*NHOST_JWT_SECRET.*NHOST_WEBHOOK_SECRET.*public default/);
    for (const name of Object.keys(STRONG)) {
      const onlyThisDefault = Object.fromEntries(Object.entries(STRONG).filter(([k]) => k !== name));
      const c = loadConfig({ host: '192.0.2.10', port: '0' }, { NODE_ENV: 'test', ...onlyThisDefault });
      expect(() => assertSafeToListen(c), name).toThrow(new RegExp(`^refusing to listen on 192\\.0\\.2\\.10: ${name}`));
    }
  });

  it('accepts loopback with the defaults and any address with real secrets', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.1.2.3']) {
      expect(() => assertSafeToListen(loadConfig({ host }, { NODE_ENV: 'test' })), host).not.toThrow();
    }
    expect(() => assertSafeToListen(loadConfig({ host: '0.0.0.0' }, { NODE_ENV: 'test', ...STRONG }))).not.toThrow();
    // The admin secret alone being the default is enough to refuse.
    const c = loadConfig({ host: '0.0.0.0' }, { NODE_ENV: 'test', ...STRONG, NHOST_ADMIN_SECRET: DEFAULT_ADMIN_SECRET });
    expect(() => assertSafeToListen(c)).toThrow(/NHOST_ADMIN_SECRET/);
  });
});

describe('the dev outbox', () => {
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(async () => {
    await backend.close();
  });

  it('answers no CORS headers, not even to a preflight, while the APIs do', async () => {
    const origin = { origin: 'https://elsewhere.example' };
    for (const p of ['/dev/outbox', '/dev/outbox.json', '/dev/other']) {
      const res = await fetch(`${backend.url}${p}`, { headers: origin });
      expect(res.headers.get('access-control-allow-origin'), p).toBeNull();
      const preflight = await fetch(`${backend.url}${p}`, { method: 'OPTIONS', headers: { ...origin, 'access-control-request-method': 'DELETE' } });
      expect(preflight.headers.get('access-control-allow-origin'), p).toBeNull();
      expect(preflight.headers.get('access-control-allow-methods'), p).toBeNull();
    }
    expect((await fetch(`${backend.url}/dev/outbox.json`)).status).toBe(200);
    const api = await fetch(`${backend.url}/v1/auth/healthz`, { headers: origin });
    expect(api.headers.get('access-control-allow-origin')).toBe(origin.origin);
  });

  it('never lets a web page send the admin secret: a preflight asking for it is not granted that header', async () => {
    for (const p of ['/v1/graphql', '/v1/metadata', '/v1/storage/files']) {
      const preflight = await fetch(`${backend.url}${p}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-hasura-admin-secret, X-Hasura-Access-Key, authorization' },
      });
      const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',').map((h) => h.trim());
      expect(allowed, p).toEqual(['content-type', 'authorization']);
    }
  });

  it('does not exist outside development', async () => {
    const prod = await startTestBackend({ env: { NODE_ENV: 'production' } });
    try {
      for (const p of ['/dev/outbox', '/dev/outbox.json']) {
        const res = await fetch(`${prod.url}${p}`);
        expect(res.status, p).toBe(404);
        expect(await res.json()).toEqual({ status: 404, error: 'not-found', message: 'Not found' });
      }
    } finally {
      await prod.close();
    }
  });
});

describe('secret comparisons', () => {
  it('safeEqual compares whole values of any length', () => {
    expect(safeEqual('nhost-admin-secret', 'nhost-admin-secret')).toBe(true);
    expect(safeEqual('nhost-admin-secreT', 'nhost-admin-secret')).toBe(false);
    expect(safeEqual('nhost', 'nhost-admin-secret')).toBe(false);
    expect(safeEqual('', 'nhost-admin-secret')).toBe(false);
    expect(safeEqual('nhost-admin-secret-and-more', 'nhost-admin-secret')).toBe(false);
  });

  it('no backend source compares a secret with === or !==', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && entry.name !== '__fixtures__') walk(p);
        } else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          fs.readFileSync(p, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              // A secret-like operand on either side of a strict (in)equality.
              if (/(?:secret|password|token)\w*['"\]]?\s*[!=]==|[!=]==\s*[\w.]*(?:secret|password)/i.test(line) && !/DEFAULT_|parseJwtSecret|typeof |=== undefined|!== undefined|=== null|!== null|\.length/.test(line)) {
                offenders.push(`${path.relative(process.cwd(), p)}:${i + 1}: ${line.trim()}`);
              }
            });
        }
      }
    };
    walk(path.join(process.cwd(), 'backend'));
    expect(offenders).toEqual([]);
  });

  it('GraphQL still tells a right admin secret from a wrong one', async () => {
    const b = await startTestBackend();
    try {
      const ask = (secret: string) =>
        fetch(`${b.url}/v1/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': secret },
          body: JSON.stringify({ query: '{ __typename }' }),
        }).then((r) => r.json() as Promise<{ data?: unknown; errors?: Array<{ extensions: { code: string } }> }>);
      expect((await ask(b.ctx.config.adminSecret)).data).toEqual({ __typename: 'query_root' });
      for (const wrong of ['', 'x', `${b.ctx.config.adminSecret}x`, b.ctx.config.adminSecret.slice(0, -1)]) {
        expect((await ask(wrong)).errors?.[0].extensions.code, wrong).toBe('access-denied');
      }
    } finally {
      await b.close();
    }
  });
});
