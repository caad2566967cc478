import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJwtKeys, parseJwtSecret } from '../jwt';
import { authenticate, usesBackendOnly, VerifiedTokens } from './session';

const jwt = createJwtKeys(parseJwtSecret('{"type":"HS256","key":"0123456789abcdef0123456789abcdef"}'));
const opts = { adminSecret: 's3cret', jwt, unauthorizedRole: 'public' };
const claims = (c: Record<string, unknown>) => ({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['user', 'me'], 'x-hasura-default-role': 'user', 'x-hasura-user-id': 'u1', ...c } });

describe('sessions from headers', () => {
  it('admin secret: admin by default, any role and x-hasura-* variables by impersonation', async () => {
    expect(await authenticate({ 'x-hasura-admin-secret': 's3cret' }, opts)).toEqual({ ok: true, session: { role: 'admin', variables: { 'x-hasura-role': 'admin' }, isAdmin: true } });
    const r = await authenticate({ 'x-hasura-admin-secret': 's3cret', 'X-Hasura-Role': 'user', 'X-HASURA-User-Id': '7', 'x-hasura-use-backend-only-permissions': 'true', cookie: 'c' }, opts);
    expect(r).toEqual({ ok: true, session: { role: 'user', variables: { 'x-hasura-role': 'user', 'x-hasura-user-id': '7', 'x-hasura-use-backend-only-permissions': 'true' }, isAdmin: true } });
    expect(r.ok && usesBackendOnly(r.session)).toBe(true);
  });

  it('a wrong admin secret is access-denied, even with a valid token', async () => {
    const token = await jwt.sign(claims({}), 60);
    expect(await authenticate({ 'x-hasura-admin-secret': 'nope', authorization: `Bearer ${token}` }, opts)).toEqual({
      ok: false, error: { message: 'invalid x-hasura-admin-secret/x-hasura-access-key', extensions: { path: '$', code: 'access-denied' } },
    });
  });

  it('JWT: default role, an allowed requested role, claims as variables; request x-hasura-* headers are ignored', async () => {
    const token = await jwt.sign(claims({ 'X-Hasura-Org': 'o1' }), 60);
    const dflt = await authenticate({ authorization: `Bearer ${token}`, 'x-hasura-user-id': 'forged' }, opts);
    expect(dflt).toMatchObject({ ok: true, session: { role: 'user', isAdmin: false, variables: { 'x-hasura-user-id': 'u1', 'x-hasura-org': 'o1' } } });
    expect(await authenticate({ authorization: `Bearer ${token}`, 'x-hasura-role': 'me' }, opts)).toMatchObject({ ok: true, session: { role: 'me' } });
    // Nor can a header add a variable the claims lack (the booking history honours x-hasura-acting-role in admin sessions only).
    const extra = await authenticate({ authorization: `Bearer ${token}`, 'x-hasura-role': 'me', 'X-Hasura-Acting-Role': 'admin', 'x-hasura-user-id': 'forged' }, opts);
    expect(extra.ok && extra.session.variables).toEqual({ 'x-hasura-user-id': 'u1', 'x-hasura-org': 'o1', 'x-hasura-role': 'me' });
    expect(await authenticate({ authorization: `Bearer ${token}`, 'x-hasura-role': 'admin' }, opts)).toMatchObject({ ok: false, error: { message: 'Your requested role is not in allowed roles', extensions: { code: 'access-denied' } } });
  });

  it('JWT: a default role outside the allowed roles is refused unless an allowed role is asked for; an empty role header means the default (Hasura)', async () => {
    const token = await jwt.sign(claims({ 'x-hasura-default-role': 'manager' }), 60);
    const denied = { ok: false, error: { message: 'Your requested role is not in allowed roles', extensions: { code: 'access-denied' } } };
    expect(await authenticate({ authorization: `Bearer ${token}` }, opts)).toMatchObject(denied);
    expect(await authenticate({ authorization: `Bearer ${token}`, 'x-hasura-role': '' }, opts)).toMatchObject(denied);
    expect(await authenticate({ authorization: `Bearer ${token}`, 'x-hasura-role': 'me' }, opts)).toMatchObject({ ok: true, session: { role: 'me' } });
    const fine = await jwt.sign(claims({}), 60);
    expect(await authenticate({ authorization: `Bearer ${fine}`, 'x-hasura-role': '' }, opts)).toMatchObject({ ok: true, session: { role: 'user' } });
  });

  it('JWT: only x-hasura-* claims are session variables, not the role claims; a claim that is not a string refuses the token (Hasura)', async () => {
    const token = await jwt.sign({ ...claims({ 'x-hasura-ids': '{"1","2"}', org: 'o1' }), sub: 'u1' }, 60);
    const r = await authenticate({ authorization: `Bearer ${token}` }, opts);
    expect(r.ok && r.session.variables).toEqual({ 'x-hasura-user-id': 'u1', 'x-hasura-ids': '{"1","2"}', 'x-hasura-role': 'user' });
    for (const [value, kind] of [[7, 'Number'], [['1', '2'], 'Array'], [{ a: 1 }, 'Object'], [true, 'Boolean'], [null, 'Null']] as const) {
      const bad = await jwt.sign(claims({ 'X-Hasura-Org': value }), 60);
      expect(await authenticate({ authorization: `Bearer ${bad}` }, opts)).toMatchObject({
        ok: false, error: { message: `x-hasura-* claims: parsing Text failed, expected String, but encountered ${kind}`, extensions: { code: 'jwt-invalid-claims' } },
      });
    }
  });

  it('JWT: role claims that are not role names refuse the token, as Hasura does; a number is not the role "1" (Hasura)', async () => {
    const refused = async (c: Record<string, unknown>, role?: string) =>
      authenticate({ authorization: `Bearer ${await jwt.sign(claims(c), 60)}`, ...(role === undefined ? {} : { 'x-hasura-role': role }) }, opts);
    const invalid = (message: string) => ({ ok: false, error: { message, extensions: { code: 'jwt-invalid-claims' } } });
    const listHint = 'invalid x-hasura-allowed-roles; should be a list of roles';
    // String() made [1] allow a role named "1", [null] one named "null", [["admin"]] one named "admin".
    for (const [entry, kind, asked] of [[1, 'Number', '1'], [null, 'Null', 'null'], [['admin'], 'Array', 'admin'], [{ toString: 'x' }, 'Object', '[object Object]'], [true, 'Boolean', 'true']] as const) {
      const allowed = ['user', entry];
      expect(await refused({ 'x-hasura-allowed-roles': allowed }, asked)).toMatchObject(invalid(`${listHint}: parsing String failed, expected String, but encountered ${kind}`));
      // Even when the role asked for is a proper one: the whole token is refused.
      expect(await refused({ 'x-hasura-allowed-roles': allowed })).toMatchObject(invalid(`${listHint}: parsing String failed, expected String, but encountered ${kind}`));
    }
    expect(await refused({ 'x-hasura-allowed-roles': ['user', ''] })).toMatchObject(invalid(`${listHint}: empty string not allowed`));
    expect(await refused({ 'x-hasura-allowed-roles': 'user' })).toMatchObject(invalid(`${listHint}: parsing [] failed, expected Array, but encountered String`));
    expect(await refused({ 'x-hasura-default-role': 7 })).toMatchObject(invalid('invalid x-hasura-default-role; should be a single role name: parsing String failed, expected String, but encountered Number'));
    expect(await refused({ 'x-hasura-default-role': '' }, 'user')).toMatchObject(invalid('invalid x-hasura-default-role; should be a single role name: empty string not allowed'));
    // Many junk entries are refused as fast as one, at the first.
    expect(await refused({ 'x-hasura-allowed-roles': ['user', ...Array.from({ length: 10_000 }, (_, i) => i)] })).toMatchObject(invalid(`${listHint}: parsing String failed, expected String, but encountered Number`));
    const missing = { ...claims({}) };
    delete (missing['https://hasura.io/jwt/claims'] as Record<string, unknown>)['x-hasura-allowed-roles'];
    expect(await authenticate({ authorization: `Bearer ${await jwt.sign(missing, 60)}` }, opts)).toMatchObject({
      ok: false, error: { message: 'JWT claim does not contain x-hasura-allowed-roles', extensions: { code: 'jwt-missing-role-claims' } },
    });
  });

  it('JWT errors: expired, bad signature, missing claims', async () => {
    const expired = await jwt.sign(claims({}), -30);
    expect(await authenticate({ authorization: `Bearer ${expired}` }, opts)).toMatchObject({ ok: false, error: { message: 'Could not verify JWT: JWTExpired', extensions: { code: 'invalid-jwt' } } });
    const other = createJwtKeys(parseJwtSecret('{"type":"HS256","key":"ffffffffffffffffffffffffffffffff"}'));
    expect(await authenticate({ authorization: `Bearer ${await other.sign(claims({}), 60)}` }, opts)).toMatchObject({ ok: false, error: { extensions: { code: 'invalid-jwt' } } });
    expect(await authenticate({ authorization: `Bearer ${await jwt.sign({ sub: 'x' }, 60)}` }, opts)).toMatchObject({ ok: false, error: { extensions: { code: 'jwt-invalid-claims' } } });
    expect(await authenticate({ authorization: 'Bearer not.a.jwt' }, opts)).toMatchObject({ ok: false, error: { extensions: { code: 'invalid-jwt' } } });
  });

  it('neither: the unauthorized role', async () => {
    expect(await authenticate({}, opts)).toEqual({ ok: true, session: { role: 'public', variables: { 'x-hasura-role': 'public' }, isAdmin: false } });
  });

  describe('with remembered tokens', () => {
    afterEach(() => vi.useRealTimers());

    it('a repeated token gives the same session without verifying it again, until it expires', async () => {
      const cached = { ...opts, verifiedTokens: new VerifiedTokens() };
      const token = await jwt.sign(claims({}), 60);
      const verify = vi.spyOn(jwt, 'verify');
      try {
        const first = await authenticate({ authorization: `Bearer ${token}` }, cached);
        expect(await authenticate({ authorization: `Bearer ${token}`, 'x-hasura-role': 'me' }, cached)).toMatchObject({ ok: true, session: { role: 'me', variables: { 'x-hasura-user-id': 'u1' } } });
        expect(await authenticate({ authorization: `Bearer ${token}` }, cached)).toEqual(first);
        expect(verify).toHaveBeenCalledTimes(1);
        vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
        expect(await authenticate({ authorization: `Bearer ${token}` }, cached)).toMatchObject({ ok: false, error: { message: 'Could not verify JWT: JWTExpired', extensions: { code: 'invalid-jwt' } } });
      } finally {
        verify.mockRestore();
      }
    });

    it('a token that failed is not remembered, and a bad one never passes', async () => {
      const cached = { ...opts, verifiedTokens: new VerifiedTokens() };
      const token = await jwt.sign(claims({}), 60);
      const [head, body] = token.split('.');
      const forged = `${head}.${body}.${'A'.repeat(43)}`;
      expect(await authenticate({ authorization: `Bearer ${forged}` }, cached)).toMatchObject({ ok: false, error: { extensions: { code: 'invalid-jwt' } } });
      expect(await authenticate({ authorization: `Bearer ${token}` }, cached)).toMatchObject({ ok: true });
      expect(await authenticate({ authorization: `Bearer ${forged}` }, cached)).toMatchObject({ ok: false, error: { extensions: { code: 'invalid-jwt' } } });
    });
  });
});
