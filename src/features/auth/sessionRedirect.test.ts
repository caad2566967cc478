import { describe, expect, it } from 'vitest';
import { isDocumentRequest, sessionRedirect } from './sessionRedirect';

const ORIGIN = 'https://app.staydesk.test';
const SESSION = 'NEXT_LOCALE=hu; nhostRefreshToken=2f6c0f0e-1b7e-4c5e-9d53-0d6b1d1e3c0a';
const go = (path: string, cookie = '', document = true) => sessionRedirect({ url: ORIGIN + path, cookie, document });

describe('a staff page without a session', () => {
  it('goes to sign-in and back afterwards, the path and query encoded', () => {
    expect(go('/accommodations')).toBe(`${ORIGIN}/sign-in?redirectTo=%2Faccommodations`);
    expect(go('/bookings/42?tab=guests&x=a%20b')).toBe(`${ORIGIN}/sign-in?redirectTo=%2Fbookings%2F42%3Ftab%3Dguests%26x%3Da%2520b`);
  });

  it('keeps the language prefix', () => {
    expect(go('/hu/accommodations')).toBe(`${ORIGIN}/hu/sign-in?redirectTo=%2Faccommodations`);
    expect(go('/en/account/tokens')).toBe(`${ORIGIN}/en/sign-in?redirectTo=%2Faccount%2Ftokens`);
  });

  it('counts a cookie that is empty, "null" or "undefined" as no session', () => {
    for (const cookie of ['nhostRefreshToken=', 'nhostRefreshToken=null', 'nhostRefreshToken=undefined', 'a=1; xnhostRefreshToken=abc']) {
      expect(go('/calendar', cookie)).toBe(`${ORIGIN}/sign-in?redirectTo=%2Fcalendar`);
    }
  });

  it('is served with a session, or with a refresh token in the address (magic link, provider sign-in)', () => {
    expect(go('/accommodations', SESSION)).toBeNull();
    expect(go('/account?refreshToken=abc&type=signinPasswordless')).toBeNull();
  });

  it('is left alone on a client-side data fetch or prefetch', () => {
    expect(go('/accommodations', '', false)).toBeNull();
  });
});

describe('sign-in with a session', () => {
  it('goes home, in the language of the address', () => {
    expect(go('/sign-in', SESSION)).toBe(`${ORIGIN}/`);
    expect(go('/hu/sign-in', SESSION)).toBe(`${ORIGIN}/hu`);
  });

  it('goes on to redirectTo, the language prefix kept unless redirectTo names one', () => {
    expect(go('/sign-in?redirectTo=%2Faccount%2Ftokens', SESSION)).toBe(`${ORIGIN}/account/tokens`);
    expect(go('/hu/sign-in?redirectTo=%2Fbookings%3Ftab%3D2', SESSION)).toBe(`${ORIGIN}/hu/bookings?tab=2`);
    expect(go('/hu/sign-in?redirectTo=%2Fen%2Fcalendar', SESSION)).toBe(`${ORIGIN}/en/calendar`);
  });

  it('never leaves the site, whatever redirectTo says', () => {
    for (const evil of ['//evil.com', 'https://evil.com', '/\\evil.com', '/\t/evil.com', 'evil.com', 'javascript:alert(1)', '%2F%2Fevil.com', '']) {
      expect(go(`/sign-in?redirectTo=${encodeURIComponent(evil)}`, SESSION)).toBe(`${ORIGIN}/`);
      expect(go(`/hu/sign-in?redirectTo=${encodeURIComponent(evil)}`, SESSION)).toBe(`${ORIGIN}/hu`);
    }
  });

  it('goes home when redirectTo is given twice (which one would the screen take?)', () => {
    expect(go('/sign-in?redirectTo=%2Faccount&redirectTo=%2F%2Fevil.com', SESSION)).toBe(`${ORIGIN}/`);
  });

  it('shows the screen to a refresh token or an error sent back by a redirect sign-in', () => {
    expect(go('/sign-in?refreshToken=abc&redirectTo=%2Faccount', SESSION)).toBeNull();
    expect(go('/sign-in?error=invalid-ticket&errorDescription=expired', SESSION)).toBeNull();
  });

  it('shows the screen without a session, and on a client-side navigation (a staff page that found the session stale)', () => {
    expect(go('/sign-in?redirectTo=%2Faccount')).toBeNull();
    expect(go('/sign-in?redirectTo=%2Faccount', 'nhostRefreshToken=null')).toBeNull();
    expect(go('/sign-in?redirectTo=%2Faccount', SESSION, false)).toBeNull();
  });
});

it('leaves every other page alone', () => {
  expect(go('/')).toBeNull();
  expect(go('/journey/abc')).toBeNull();
  expect(go('/sign-up', SESSION)).toBeNull();
  expect(go('/hu/forgot-password', SESSION)).toBeNull();
});

describe('document requests', () => {
  const isDocument = (headers: Record<string, string>, method = 'GET') => isDocumentRequest(method, new Headers(headers));

  it('are a browser loading a page, or a client that does not say', () => {
    expect(isDocument({ 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' })).toBe(true);
    expect(isDocument({})).toBe(true);
    expect(isDocument({}, 'HEAD')).toBe(true);
  });

  it("are not Next's data fetches, prefetches, scripts' fetches or other methods", () => {
    expect(isDocument({ 'x-nextjs-data': '1' })).toBe(false);
    expect(isDocument({ 'x-nextjs-data': '1', 'x-middleware-prefetch': '1', purpose: 'prefetch' })).toBe(false);
    expect(isDocument({ 'sec-purpose': 'prefetch;prerender', 'sec-fetch-dest': 'document' })).toBe(false);
    expect(isDocument({ 'sec-fetch-dest': 'empty' })).toBe(false);
    expect(isDocument({}, 'POST')).toBe(false);
  });
});
