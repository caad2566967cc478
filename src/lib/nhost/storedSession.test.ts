import { describe, expect, it } from 'vitest';
import { hasStoredSession, SIGNED_IN_REDIRECT_SCRIPT, SIGNED_OUT_REDIRECT_SCRIPT, STORED_SESSION_SCRIPT } from './storedSession';

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

  it('sends a visitor with a session from sign-in on to where they were going, before the form loads', () => {
    const run = (cookie: string, pathname: string, search = '', readyState = 'loading') => {
      const replaced: string[] = [];
      const window = { location: { origin: 'http://app.test', pathname, search, replace: (url: string) => replaced.push(url) } };
      new Function('document', 'window', SIGNED_IN_REDIRECT_SCRIPT)({ cookie, readyState }, window);
      return replaced[0] ?? null;
    };
    const session = 'NEXT_LOCALE=en; nhostRefreshToken=abc';
    expect(run(session, '/sign-in')).toBe('/');
    expect(run(session, '/sign-in', '?redirectTo=%2Faccommodations%3Fq%3DDob')).toBe('/accommodations?q=Dob');
    expect(run(session, '/hu/sign-in', '?redirectTo=%2Faccount%2Ftokens')).toBe('/hu/account/tokens');
    expect(run(session, '/hu/sign-in')).toBe('/hu');
    expect(run(session, '/hu/sign-in', '?redirectTo=%2Fhu%2Ftasks')).toBe('/hu/tasks');
    // Another site, a protocol-relative or backslashed address, or two targets: home, as the screen does.
    expect(run(session, '/sign-in', '?redirectTo=https%3A%2F%2Fevil.example')).toBe('/');
    expect(run(session, '/sign-in', '?redirectTo=%2F%2Fevil.example')).toBe('/');
    expect(run(session, '/sign-in', '?redirectTo=%2F%5Cevil.example')).toBe('/');
    // Tabs and newlines are dropped by the URL parser: "/<tab>/evil.example" is "//evil.example".
    expect(run(session, '/sign-in', '?redirectTo=%2F%09%2Fevil.example')).toBe('/');
    expect(run(session, '/sign-in', '?redirectTo=%2F%0A%2Fevil.example')).toBe('/');
    expect(run(session, '/sign-in', '?redirectTo=%2Fa&redirectTo=%2Fb')).toBe('/');
    // No session (or one the SDK cleared): the form.
    expect(run('', '/sign-in', '?redirectTo=%2Faccount')).toBeNull();
    expect(run('nhostRefreshToken=null', '/sign-in')).toBeNull();
    // A client-side navigation here (a staff page that found the stored session stale) gets the form.
    expect(run(session, '/sign-in', '?redirectTo=%2Faccount', 'complete')).toBeNull();
    // A redirect sign-in's token or error is the page's to handle.
    expect(run(session, '/sign-in', '?refreshToken=325dfc29-f8b5-4228-832d-b3dd79bee7f4&type=signinPasswordless')).toBeNull();
    expect(run(session, '/sign-in', '?error=invalid-ticket&errorDescription=expired')).toBeNull();
  });
});
