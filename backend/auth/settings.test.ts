// Settings: the product's nhost.toml, AUTH_* overrides, durations, and the redirect/role rules.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { AuthError, errorBody } from './errors';
import { SlidingWindow } from './rate-limit';
import { loadAuthSettings, parseDuration } from './settings';
import { isRedirectAllowed, signUpOptions } from './validate';

const noEnv = {} as NodeJS.ProcessEnv;
const productConfig = () => loadConfig({ project: 'nhost', port: '0' }, noEnv);

describe('loadAuthSettings', () => {
  it("reads Staydesk's nhost.toml: self-sign-up gets user + me, demo methods on", () => {
    const s = loadAuthSettings(productConfig(), {});
    expect(s.defaultRole).toBe('user');
    expect(s.defaultAllowedRoles).toEqual(['user', 'me']);
    expect(s.allowedLocales).toEqual(['en', 'hu']);
    expect(s.emailVerificationRequired).toBe(false);
    expect(s.passwordMinLength).toBe(3);
    expect(s).toMatchObject({ anonymousEnabled: true, emailPasswordlessEnabled: true, emailOtpEnabled: true, smsPasswordlessEnabled: true, mfaEnabled: true });
    expect(s.totpIssuer).toBe('Staydesk');
    expect(s.webauthn).toMatchObject({ enabled: true, rpId: 'localhost', rpName: 'Staydesk', origins: ['http://localhost:3000'] });
    expect(s.accessTokenExpiresIn).toBe(900);
    expect(s.refreshTokenExpiresIn).toBe(2_592_000);
    expect(s.rateLimit.enabled).toBe(true);
    expect(s.rateLimit.bruteForce).toEqual({ burst: 10, intervalMs: 300_000 });
    expect(s.rateLimit.emails).toEqual({ burst: 10, intervalMs: 3_600_000, global: false });
    // Per client address, as hasura-auth defaults (--rate-limit-email-is-global false): one client cannot use up everyone's mail.
  });

  it('accepts security keys from a web app moved by AUTH_CLIENT_URL (the e2e origin) on the same rpId', () => {
    const s = loadAuthSettings(productConfig(), { AUTH_CLIENT_URL: 'http://localhost:24371', AUTH_WEBAUTHN_RP_ORIGINS: 'https://app.staydesk.hu' });
    expect(s.webauthn.rpId).toBe('localhost');
    expect(s.webauthn.origins).toEqual(['https://app.staydesk.hu', 'http://localhost:24371']);
    const fromFile = loadAuthSettings(productConfig(), { AUTH_CLIENT_URL: 'http://localhost:24371' });
    expect(fromFile.webauthn.origins).toEqual(['http://localhost:3000', 'http://localhost:24371']);
  });

  it('lets the AUTH_* variables hasura-auth reads override the file', () => {
    const s = loadAuthSettings(productConfig(), {
      AUTH_ACCESS_TOKEN_EXPIRES_IN: '60',
      AUTH_REFRESH_TOKEN_EXPIRES_IN: '120',
      AUTH_EMAIL_SIGNIN_EMAIL_VERIFIED_REQUIRED: 'true',
      AUTH_PASSWORD_MIN_LENGTH: '12',
      AUTH_USER_DEFAULT_ROLE: 'me',
      AUTH_USER_DEFAULT_ALLOWED_ROLES: 'me, user',
      AUTH_ANONYMOUS_USERS_ENABLED: 'false',
      AUTH_MFA_ENABLED: 'false',
      AUTH_CLIENT_URL: 'https://app.staydesk.hu/',
      AUTH_RATE_LIMIT_ENABLE: 'false',
      AUTH_RATE_LIMIT_BRUTE_FORCE_BURST: '3',
      AUTH_RATE_LIMIT_BRUTE_FORCE_INTERVAL: '1h30m',
      AUTH_JWT_CUSTOM_CLAIMS: '{"locale":"locale"}',
    });
    expect(s).toMatchObject({
      accessTokenExpiresIn: 60,
      refreshTokenExpiresIn: 120,
      emailVerificationRequired: true,
      passwordMinLength: 12,
      defaultRole: 'me',
      defaultAllowedRoles: ['me', 'user'],
      anonymousEnabled: false,
      mfaEnabled: false,
      clientUrl: 'https://app.staydesk.hu',
      customClaims: { locale: 'locale' },
    });
    expect(s.rateLimit.enabled).toBe(false);
    expect(s.rateLimit.bruteForce).toEqual({ burst: 3, intervalMs: 5_400_000 });
  });

  it("uses hasura-auth's defaults without an nhost.toml", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-settings-'));
    const s = loadAuthSettings(loadConfig({ project: dir, port: '0' }, noEnv), {});
    expect(s).toMatchObject({ emailVerificationRequired: true, anonymousEnabled: false, mfaEnabled: false, defaultAllowedRoles: ['user', 'me'], passwordMinLength: 3 });
    expect(s.rateLimit.global).toEqual({ burst: 100, intervalMs: 60_000 });
    fs.rmSync(dir, { recursive: true });
  });

  it('parses Go durations', () => {
    expect(parseDuration('5m', 0)).toBe(300_000);
    expect(parseDuration('90s', 0)).toBe(90_000);
    expect(parseDuration('1h', 0)).toBe(3_600_000);
    expect(parseDuration('30', 0)).toBe(30_000);
    expect(parseDuration('soon', 7)).toBe(7);
  });
});

describe('redirect and sign-up option rules', () => {
  const s = { ...loadAuthSettings(productConfig(), {}), allowedRedirectUrls: ['https://*.staydesk.hu', 'myapp://callback'] };

  it('allows the client URL and allowed patterns only', () => {
    expect(isRedirectAllowed('http://localhost:3000', s)).toBe(true);
    expect(isRedirectAllowed('http://localhost:3000/a/b?c=1', s)).toBe(true);
    expect(isRedirectAllowed('https://owner.staydesk.hu/x', s)).toBe(true);
    expect(isRedirectAllowed('myapp://callback', s)).toBe(true);
    expect(isRedirectAllowed('http://localhost:3001/', s)).toBe(false);
    expect(isRedirectAllowed('https://staydesk.hu.evil.example/', s)).toBe(false);
    expect(isRedirectAllowed('https://evil.example/?http://localhost:3000', s)).toBe(false);
    expect(isRedirectAllowed('not a url', s)).toBe(false);
  });

  it('matches wildcard patterns on the parsed URL, as a browser reads it', () => {
    const w = { ...s, allowedRedirectUrls: ['https://*.vercel.app', 'http://localhost:*', 'https://app.example/*/done'] };
    expect(isRedirectAllowed('https://preview-1.vercel.app/welcome', w)).toBe(true);
    expect(isRedirectAllowed('http://localhost:4000/x', w)).toBe(true);
    expect(isRedirectAllowed('https://app.example/fr/done?x=1', w)).toBe(true);
    for (const attack of [
      'https://evil.example\\.vercel.app/steal',
      'https://evil.example/.vercel.app/steal',
      'http://localhost:x@evil.example/',
      'http://localhost:3000%2f@evil.example',
      'https://user:pw@preview.vercel.app/',
      'https://vercel.app.evil.example/',
      'http://preview.vercel.app/',
      'https://app.example/fr/other',
      'javascript://preview.vercel.app/%0aalert(1)',
    ]) {
      expect(isRedirectAllowed(attack, w), attack).toBe(false);
    }
  });

  it('fills defaults and refuses roles outside the allowed list', () => {
    expect(signUpOptions(undefined, s)).toMatchObject({ allowedRoles: ['user', 'me'], defaultRole: 'user', locale: 'en', redirectTo: 'http://localhost:3000' });
    expect(signUpOptions({ locale: 'de' }, s).locale).toBe('en');
    expect(signUpOptions({ locale: 'hu' }, s).locale).toBe('hu');
    expect(() => signUpOptions({ allowedRoles: ['admin'] }, s)).toThrow(AuthError);
    expect(() => signUpOptions({ defaultRole: 'admin' }, s)).toThrow('Default role must be in allowed roles');
    expect(() => signUpOptions({ displayName: 'x'.repeat(33) }, s)).toThrow(AuthError);
    expect(() => signUpOptions({ displayName: 'tab\there' }, s)).toThrow(AuthError);
  });
});

describe('SlidingWindow', () => {
  it('allows burst hits per interval per key and recovers', () => {
    const w = new SlidingWindow({ burst: 2, intervalMs: 1000 });
    expect([w.allow('a', 0), w.allow('a', 10), w.allow('a', 20), w.allow('b', 20)]).toEqual([true, true, false, true]);
    expect(w.allow('a', 1001)).toBe(true);
    expect(w.allow('a', 1005)).toBe(false);
    expect(w.allow('a', 2100)).toBe(true);
  });
});

describe('errorBody', () => {
  it("gives hasura-auth's status and message, folding sensitive codes when concealing", () => {
    expect(errorBody('signup-disabled', false)).toEqual({ status: 403, error: 'signup-disabled', message: 'Sign up is disabled.' });
    expect(errorBody('signup-disabled', true)).toEqual({ status: 400, error: 'invalid-request', message: 'The request payload is incorrect' });
    expect(errorBody('password-too-short', true)).toEqual({ status: 400, error: 'password-too-short', message: 'Password is too short' });
    expect(errorBody('disabled-endpoint', false)).toEqual({ status: 409, error: 'disabled-endpoint', message: 'This endpoint is disabled' });
  });
});
