// The two Nhost clients against a stand-in auth endpoint: the session client picks up a stored
// refresh token (and one in the address after a redirect); the isolated client never does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createIsolatedNhost, createSessionNhost } from './clients';
import type { NhostServiceUrls } from './config';

let server: http.Server;
let urls: NhostServiceUrls;
const tokenCalls: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', '*');
      if (req.method === 'OPTIONS') return res.end();
      if (req.url === '/v1/auth/token') tokenCalls.push((JSON.parse(body) as { refreshToken: string }).refreshToken);
      res.statusCode = 401;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 401, error: 'invalid-refresh-token', message: 'Invalid or expired refresh token' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  urls = { authUrl: `${base}/auth`, graphqlUrl: `${base}/graphql`, storageUrl: `${base}/storage`, functionsUrl: `${base}/functions` };
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
  tokenCalls.length = 0;
  document.cookie = 'nhostRefreshToken=; max-age=0; path=/';
  window.history.replaceState({}, '', '/');
});

// React clients start when their provider mounts; start them by hand here.
const settle = (client: ReturnType<typeof createIsolatedNhost>) => {
  client.auth.client.start();
  return client.auth.isAuthenticatedAsync();
};

describe('Nhost clients', () => {
  it('the session client restores a stored session', async () => {
    document.cookie = 'nhostRefreshToken=stored-token; path=/';
    const nhost = createSessionNhost(urls);
    expect(await settle(nhost)).toBe(false); // the stand-in refuses it, but it was tried
    expect(tokenCalls).toEqual(['stored-token']);
  });

  it('the session client signs in from a redirect address', async () => {
    window.history.replaceState({}, '', '/?refreshToken=from-url&type=signinPasswordless');
    const nhost = createSessionNhost(urls);
    await settle(nhost);
    expect(tokenCalls[0]).toBe('from-url');
  });

  it('the isolated client ignores both and keeps nothing in the browser', async () => {
    document.cookie = 'nhostRefreshToken=stored-token; path=/';
    window.history.replaceState({}, '', '/?refreshToken=from-url');
    const isolated = createIsolatedNhost(urls);
    expect(await settle(isolated)).toBe(false);
    expect(tokenCalls).toEqual([]);
    expect(isolated.auth.getAccessToken()).toBeUndefined();
  });
});
