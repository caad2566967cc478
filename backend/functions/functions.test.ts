// The functions runtime in-process: URL-to-file mapping, the real Nhost functions client, bodies,
// private paths, failing handlers and the health function when GraphQL is down.
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import express from 'express';
import { NhostClient } from '@nhost/nhost-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEnv } from '../../tests/helpers/env';
import { loadConfig } from '../config';
import type { Logger } from '../context';
import { createFunctionsService } from './index';
import { resolveFunctionFile } from './resolve';

const fixtures = path.resolve(__dirname, '__fixtures__/functions');
const errors: string[] = [];
const log: Logger = { info: () => undefined, warn: () => undefined, error: (m) => errors.push(m) };

describe('function file resolution', () => {
  it.each([
    ['/echo', 'echo.ts'],
    ['/nested', 'nested/index.ts'],
    ['/nested/', 'nested/index.ts'],
    ['/nested/deeper', 'nested/deeper.js'],
  ])('%s -> %s', async (url, file) => {
    expect(await resolveFunctionFile(fixtures, url)).toBe(path.join(fixtures, file));
  });

  it.each(['/_helper', '/_private/secret', '/..%2Ffunctions.test', '/nested/..%2F..%2Findex', '/%2e%2e/index', '/echo.ts', '/missing', '/%E0%A4%A'])(
    'exposes nothing at %s',
    async (url) => {
      expect(await resolveFunctionFile(fixtures, url)).toBeUndefined();
    },
  );
});

describe('functions runtime', () => {
  let server: http.Server;
  let url: string;
  const config = loadConfig({ port: '0', functions: fixtures }, { NODE_ENV: 'test' });

  beforeAll(async () => {
    const service = await createFunctionsService({ config, log });
    const app = express();
    app.use('/v1/functions', service.router);
    server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/v1/functions`;
    config.publicUrl = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('calls a function with the real Nhost client: JSON body, bearer token, NHOST_* environment', async () => {
    const nhost = new NhostClient({ authUrl: 'http://unused.test/v1/auth', graphqlUrl: 'http://unused.test/v1/graphql', storageUrl: 'http://unused.test/v1/storage', functionsUrl: url });
    nhost.functions.setAccessToken('token-123');
    const { res, error } = await nhost.functions.call<{ method: string; body: unknown; authorization: string; custom: string; env: Record<string, string> }>(
      'echo',
      { hello: 'világ' },
      { headers: { 'x-custom': 'yes' } },
    );
    expect(error).toBeNull();
    expect(res?.data).toMatchObject({ method: 'POST', body: { hello: 'világ' }, authorization: 'Bearer token-123', custom: 'yes' });
    expect(res?.data.env).toEqual({
      auth: `${config.publicUrl}/v1/auth`,
      graphql: `${config.publicUrl}/v1/graphql`,
      storage: `${config.publicUrl}/v1/storage`,
      functions: `${config.publicUrl}/v1/functions`,
      subdomain: 'localhost',
      region: '',
      adminSecret: config.adminSecret,
      jwtSecret: JSON.stringify(config.jwtSecret),
      webhookSecret: 'nhost-webhook-secret',
    });
  });

  it('serves every method, urlencoded and text bodies, query strings, folders and plain JS', async () => {
    const form = await fetch(`${url}/echo?x=1`, { method: 'PUT', body: new URLSearchParams({ a: 'b' }) });
    expect(await form.json()).toMatchObject({ method: 'PUT', body: { a: 'b' }, query: { x: '1' } });
    const text = await fetch(`${url}/text`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'szia' });
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await text.text()).toBe('hello szia');
    expect(await (await fetch(`${url}/echo`)).json()).toMatchObject({ method: 'GET', body: null });
    expect(await (await fetch(`${url}/nested`)).json()).toEqual({ at: 'nested' });
    expect(await (await fetch(`${url}/nested/deeper`)).json()).toEqual({ at: 'nested/deeper' });
  });

  it('answers JSON 404 for unknown and private paths', async () => {
    for (const p of ['/missing', '/_helper', '/_private/secret', '/..%2F..%2Fpackage']) {
      const r = await fetch(url + p, { method: 'POST' });
      expect(r.status).toBe(404);
      expect(await r.json()).toMatchObject({ status: 404, error: 'not-found' });
    }
  });

  it('answers a JSON 500 without internals when a function throws, sync or async, and keeps serving', async () => {
    for (const name of ['throws', 'rejects', 'no-default']) {
      const r = await fetch(`${url}/${name}`, { method: 'POST' });
      expect(r.status).toBe(500);
      const body = await r.text();
      expect(JSON.parse(body)).toMatchObject({ status: 500 });
      expect(body).not.toMatch(/secret internals|async failure|at .*\.ts/);
    }
    expect(errors.some((e) => e.includes('function throws failed'))).toBe(true);
    expect((await fetch(`${url}/nested`)).status).toBe(200);
  });

  it('answers 400 JSON for a malformed JSON body, without calling the function', async () => {
    const r = await fetch(`${url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"broken":' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ status: 400, error: 'invalid-request' });
  });
});

describe('health function', () => {
  it('reports degraded with 503 when the GraphQL endpoint does not answer', async () => {
    const { default: health } = await import('../../functions/health');
    const app = express();
    app.get('/health', health);
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      // A port nobody listens on: the check must really call it and fail.
      await withEnv({ NHOST_GRAPHQL_URL: 'http://127.0.0.1:9/v1/graphql' }, async () => {
        const r = await fetch(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/health`);
        expect(r.status).toBe(503);
        expect(await r.json()).toMatchObject({ status: 'degraded', version: expect.stringMatching(/^\d+\.\d+\.\d+/), graphql: { ok: false } });
      });
    } finally {
      server.close();
    }
  });
});
