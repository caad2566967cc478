// What the engine's attack tests share: a client request with a role's access token, and the check
// that a request was refused (no data, the error's code and message).
import { expect } from 'vitest';
import type { ClassEngine } from './runner';

/** What the token attacks need: a client POST and tokens (the engine's key, another, expired). */
export type TokenClient = Pick<ClassEngine, 'postAsClient' | 'token'>;

export interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions: { code: string; path?: string } }[];
}

/** POST /v1/graphql as a client with `token`; the engine answers errors with HTTP 200, as Hasura. */
export async function askAs(engine: Pick<ClassEngine, 'postAsClient'>, token: string, query: string, variables?: Record<string, unknown>): Promise<Answer> {
  const r = await engine.postAsClient({ query, variables }, { authorization: `Bearer ${token}` });
  expect(r.status).toBe(200);
  return r.body as Answer;
}

/** Refused: no data, the first error's code, and its message (exact, or matching a pattern). */
export function refused(a: Answer, message: string | RegExp, code = 'validation-failed'): void {
  expect(a.data ?? null).toBeNull();
  expect(a.errors?.[0]?.extensions.code).toBe(code);
  if (typeof message === 'string') expect(a.errors?.[0]?.message).toBe(message);
  else expect(a.errors?.[0]?.message).toMatch(message);
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

/**
 * Every way a client's token is forged here, each refused as Hasura refuses it: signed with
 * another key, `alg: none` (no signature), a genuine token whose claims were edited to the admin
 * role, an expired genuine token, and a genuine token asking for a role it is not allowed.
 */
export async function forgedRequests(engine: TokenClient, role: string, sessionVars: Record<string, string> = {}) {
  const genuine = await engine.token(role, sessionVars);
  const [header, , signature] = genuine.split('.');
  const claims = claimsOf(genuine);
  const asAdmin = { ...claims, 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['admin'], 'x-hasura-default-role': 'admin' } };
  const jwtRefused = (what: string, token: string) => ({ what, headers: { authorization: `Bearer ${token}` }, code: 'invalid-jwt', message: /^Could not verify JWT: / });
  return [
    jwtRefused('signed with another key', await engine.token(role, sessionVars, 'forged')),
    jwtRefused('alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`),
    jwtRefused('claims edited to admin', `${header}.${b64(asAdmin)}.${signature}`),
    jwtRefused('expired', await engine.token(role, sessionVars, 'expired')),
    { what: 'a role not allowed', headers: { authorization: `Bearer ${genuine}`, 'x-hasura-role': 'admin' }, code: 'access-denied', message: /^Your requested role is not in allowed roles$/ },
  ];
}

/** Each forged request of `role` for `query` is refused with no data; the genuine token is answered. */
export async function refusesForgedTokens(engine: TokenClient, role: string, sessionVars: Record<string, string>, query: string, variables?: Record<string, unknown>): Promise<void> {
  for (const f of await forgedRequests(engine, role, sessionVars)) {
    const r = await engine.postAsClient({ query, variables }, f.headers);
    expect(r.status, f.what).toBe(200);
    const a = r.body as Answer;
    expect(a.data ?? null, f.what).toBeNull();
    expect(a.errors?.[0]?.extensions.code, f.what).toBe(f.code);
    expect(a.errors?.[0]?.message, f.what).toMatch(f.message);
  }
  const a = await askAs(engine, await engine.token(role, sessionVars), query, variables);
  expect(a.errors, 'the genuine token').toBeUndefined();
}
