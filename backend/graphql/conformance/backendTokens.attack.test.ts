// The permission attacks once more against the real backend, not the conformance runner's engine:
// its own HTTP server (every middleware in front of /v1/graphql), access tokens signed with the
// key its configuration gives it, and the same forgeries (another key, alg none, claims edited,
// expired, a role not allowed). One backend for the file, on the column-comparison fixture
// project (accounts and transfers; roles compare a transfer with its account's columns).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtKeys } from '../../jwt';
import type { RunningBackend } from '../../server';
import { startTestBackend } from '../../../tests/helpers/backend';
import { askAs, refused, refusesForgedTokens, type Answer, type TokenClient } from './attackClient';

let backend: RunningBackend;
let client: TokenClient;
beforeAll(async () => {
  backend = await startTestBackend({ projectDir: path.join(__dirname, 'fixtures/columnComparisons/nhost') });
  const other = createJwtKeys({ type: 'HS256', key: 'not-the-backend-secret-not-the-backend-secret' });
  client = {
    async postAsClient(body, headers) {
      const res = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    token: (role, sessionVars = {}, key = 'engine') => (key === 'forged' ? other : backend.ctx.jwt).sign({
      sub: sessionVars['x-hasura-user-id'] ?? 'anonymous',
      'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': [role], 'x-hasura-default-role': role, ...sessionVars },
    }, key === 'expired' ? -3600 : 600),
  };
}, 120_000);
afterAll(async () => {
  await backend?.close();
});

const ask = async (role: string, query: string, variables?: Record<string, unknown>) => askAs(client, await client.token(role), query, variables);
const transfers = async () => {
  const res = await fetch(`${backend.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': backend.ctx.config.adminSecret },
    body: JSON.stringify({ query: '{ transfer(order_by: {id: asc}) { note account_id amount } }' }),
  });
  return ((await res.json()) as Answer).data?.transfer;
};

describe('the real backend, with tokens signed by its own key', () => {
  it('answers each role the rows its column comparison allows, and no hidden column', async () => {
    expect(await ask('ceq', '{ transfer(order_by: {id: asc}) { note } }')).toEqual({ data: { transfer: [{ note: 't1' }, { note: 't3' }] } });
    expect(await ask('cgt', '{ transfer(where: {_or: [{note: {_eq: "t1"}}, {note: {_neq: "t1"}}]}) { note } }')).toEqual({ data: { transfer: [{ note: 't2' }] } });
    refused(await ask('ceq', '{ transfer { fee } }'), "field 'fee' not found in type: 'transfer'");
  });

  it('refuses every forged token for a read and for a write, and the refused write leaves the rows as they were', async () => {
    await refusesForgedTokens(client, 'cne', {}, '{ transfer { note } }');
    const before = await transfers();
    const insert = 'mutation { insert_transfer(objects: [{account_id: 1, amount: 121, note: "over"}]) { affected_rows } }';
    refused(await ask('payer', insert), 'check constraint of an insert/update permission has failed', 'permission-error');
    const forged = await client.token('payer', {}, 'forged');
    refused(await askAs(client, forged, insert), /^Could not verify JWT: /, 'invalid-jwt');
    expect(await transfers()).toEqual(before);
  });
});
