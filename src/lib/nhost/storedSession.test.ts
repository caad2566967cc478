import { describe, expect, it } from 'vitest';
import { hasStoredSession, SIGNED_OUT_REDIRECT_SCRIPT, STORED_SESSION_SCRIPT } from './storedSession';

describe('stored session cookie', () => {
  it('is seen when the refresh-token cookie holds a value', () => {
    expect(hasStoredSession('NEXT_LOCALE=hu; nhostRefreshToken=2f6c0f0e-1b7e-4c5e-9d53-0d6b1d1e3c0a')).toBe(true);
  });

  it('is not seen without the cookie, with an empty one or one the SDK cleared to null', () => {
    expect(hasStoredSession('')).toBe(false);
    expect(hasStoredSession('NEXT_LOCALE=en; nhostSession={}')).toBe(false);
    expect(hasStoredSession('nhostRefreshToken=')).toBe(false);
    expect(hasStoredSession('nhostRefreshToken=null')).toBe(false);
    expect(hasStoredSession('xnhostRefreshToken=abc')).toBe(false);
  });

  it('the head script marks <html> by the same rule', () => {
    const run = (cookie: string) => {
      const classes = new Set<string>();
      const document = { cookie, documentElement: { classList: { add: (c: string) => classes.add(c) } } };
      new Function('document', STORED_SESSION_SCRIPT)(document);
      return classes.has('sd-session');
    };
    expect(run('a=1; nhostRefreshToken=abc')).toBe(true);
    expect(run('nhostRefreshToken=null')).toBe(false);
    expect(run('')).toBe(false);
  });

  it('sends a visitor without a session from a staff page to sign-in and back, in their language', () => {
    const run = (cookie: string, pathname: string, search = '') => {
      const replaced: string[] = [];
      const window = { location: { pathname, search, replace: (url: string) => replaced.push(url) } };
      new Function('document', 'window', SIGNED_OUT_REDIRECT_SCRIPT)({ cookie }, window);
      return replaced[0] ?? null;
    };
    expect(run('', '/accommodations', '?q=Dob')).toBe('/sign-in?redirectTo=%2Faccommodations%3Fq%3DDob');
    expect(run('NEXT_LOCALE=hu', '/hu/accommodations/new')).toBe('/hu/sign-in?redirectTo=%2Faccommodations%2Fnew');
    expect(run('nhostRefreshToken=null', '/hu')).toBe('/hu/sign-in');
    expect(run('nhostRefreshToken=abc', '/accommodations')).toBeNull();
    // A magic link or provider sign-in lands with the refresh token in the URL: the client signs in with it.
    expect(run('', '/account', '?refreshToken=325dfc29-f8b5-4228-832d-b3dd79bee7f4&type=passwordlessEmail')).toBeNull();
  });
});
