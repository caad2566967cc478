// A function's GraphQL request gives up after FUNCTIONS_GRAPHQL_TIMEOUT_MS (5 s when unset), so a
// stuck backend fails the call instead of holding it until the function's own timeout.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { withEnv } from '../../tests/helpers/env';
import { graphql } from './graphql';

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
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
    const url = await slowGraphql(2000);
    const started = Date.now();
    await withEnv({ NHOST_GRAPHQL_URL: url, FUNCTIONS_GRAPHQL_TIMEOUT_MS: '150' }, () => expect(graphql({ admin: true }, '{ ok }', {})).rejects.toMatchObject({ name: 'TimeoutError' }));
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('waits as long as FUNCTIONS_GRAPHQL_TIMEOUT_MS allows', async () => {
    const url = await slowGraphql(300);
    const answer = await withEnv({ NHOST_GRAPHQL_URL: url, FUNCTIONS_GRAPHQL_TIMEOUT_MS: '5000' }, () => graphql({ admin: true }, '{ ok }', {}));
    expect(answer).toEqual({ data: { ok: true }, errors: [] });
  });

  it('takes 5 s when the setting is missing or not a positive whole number', async () => {
    const url = await slowGraphql(300);
    for (const value of [undefined, '', 'soon', '-1', '0', '1.5']) {
      const answer = await withEnv({ NHOST_GRAPHQL_URL: url, FUNCTIONS_GRAPHQL_TIMEOUT_MS: value }, () => graphql({ admin: true }, '{ ok }', {}));
      expect(answer).toEqual({ data: { ok: true }, errors: [] });
    }
  });
});
