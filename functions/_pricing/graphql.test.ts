// A function's GraphQL request gives up after FUNCTIONS_GRAPHQL_TIMEOUT_MS (5 s when unset), so a
// stuck backend fails the call instead of holding it until the function's own timeout.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { graphql } from './graphql';

const saved = { url: process.env.NHOST_GRAPHQL_URL, timeout: process.env.FUNCTIONS_GRAPHQL_TIMEOUT_MS };
let server: http.Server | undefined;
afterEach(async () => {
  process.env.NHOST_GRAPHQL_URL = saved.url;
  process.env.FUNCTIONS_GRAPHQL_TIMEOUT_MS = saved.timeout;
  if (saved.url === undefined) delete process.env.NHOST_GRAPHQL_URL;
  if (saved.timeout === undefined) delete process.env.FUNCTIONS_GRAPHQL_TIMEOUT_MS;
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** A GraphQL endpoint that answers after `delayMs`. */
async function slowGraphql(delayMs: number): Promise<string> {
  server = http.createServer((req, res) => {
    req.resume();
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"ok":true}}'), delayMs);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/graphql`;
}

describe('a function’s GraphQL request', () => {
  it('gives up after FUNCTIONS_GRAPHQL_TIMEOUT_MS', async () => {
    process.env.NHOST_GRAPHQL_URL = await slowGraphql(2000);
    process.env.FUNCTIONS_GRAPHQL_TIMEOUT_MS = '150';
    const started = Date.now();
    await expect(graphql({ admin: true }, '{ ok }', {})).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('waits as long as FUNCTIONS_GRAPHQL_TIMEOUT_MS allows', async () => {
    process.env.NHOST_GRAPHQL_URL = await slowGraphql(300);
    process.env.FUNCTIONS_GRAPHQL_TIMEOUT_MS = '5000';
    expect(await graphql({ admin: true }, '{ ok }', {})).toEqual({ data: { ok: true }, errors: [] });
  });

  it('takes 5 s when the setting is missing or not a positive whole number', async () => {
    process.env.NHOST_GRAPHQL_URL = await slowGraphql(300);
    for (const value of ['', 'soon', '-1', '0', '1.5']) {
      process.env.FUNCTIONS_GRAPHQL_TIMEOUT_MS = value;
      expect(await graphql({ admin: true }, '{ ok }', {})).toEqual({ data: { ok: true }, errors: [] });
    }
  });
});
