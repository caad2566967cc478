// The redirect rules stand twice: the middleware's (sessionRedirect.ts, on the server) and the head
// scripts' (src/lib/nhost/storedSession.ts, the fallback where no middleware runs). Each has its own
// tests; this one runs both on the same addresses and cookies and requires the same answer, so a
// rule changed in one place and not the other fails here.
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_REDIRECT_SCRIPT, SIGNED_OUT_REDIRECT_SCRIPT } from '@/lib/nhost/storedSession';
import { sessionRedirect } from './sessionRedirect';

const ORIGIN = 'https://app.staydesk.test';

const COOKIES = ['', 'NEXT_LOCALE=hu', 'nhostRefreshToken=', 'nhostRefreshToken=null', 'nhostRefreshToken=undefined', 'a=1; xnhostRefreshToken=abc', 'NEXT_LOCALE=en; nhostRefreshToken=2f6c0f0e-1b7e'];
const PREFIXES = ['', '/hu', '/en'];

/** Where the head script sends the document (absolute), or null: it ran as the page's document loads. */
function scriptAnswer(script: string, cookie: string, path: string): string | null {
  const address = new URL(ORIGIN + path);
  const replaced: string[] = [];
  const location = { origin: ORIGIN, pathname: address.pathname, search: address.search, replace: (to: string) => replaced.push(to) };
  new Function('document', 'window', script)({ cookie, readyState: 'loading' }, { location });
  return replaced.length ? new URL(replaced[0], ORIGIN).href : null;
}

const middlewareAnswer = (cookie: string, path: string) => sessionRedirect({ url: ORIGIN + path, cookie, document: true });

describe('the middleware and the head scripts send a document to the same place', () => {
  it('on staff pages, with and without a session, a query or a refresh token in the address', () => {
    const pages = ['/accommodations', '/accommodations/9f1c', '/account/tokens', '/bookings/42', '/calendar', '/tfh/7'];
    const queries = ['', '?q=Dob%20utca&page=2', '?tab=rates#images', '?refreshToken=325dfc29&type=passwordlessEmail', '?x=%2F%2Fevil.example'];
    let compared = 0;
    for (const prefix of PREFIXES)
      for (const page of pages)
        for (const query of queries)
          for (const cookie of COOKIES) {
            const path = prefix + page + query;
            expect(scriptAnswer(SIGNED_OUT_REDIRECT_SCRIPT, cookie, path), `${path} with "${cookie}"`).toBe(middlewareAnswer(cookie, path));
            compared += 1;
          }
    expect(compared).toBe(PREFIXES.length * pages.length * queries.length * COOKIES.length);
  });

  it('on sign-in, whatever redirectTo says', () => {
    const targets = [
      '',
      '?redirectTo=%2Faccommodations%3Fq%3DDob',
      '?redirectTo=%2Fhu%2Ftasks',
      '?redirectTo=%2Fen',
      '?redirectTo=%2F',
      '?redirectTo=accommodations',
      '?redirectTo=https%3A%2F%2Fevil.example',
      '?redirectTo=%2F%2Fevil.example',
      '?redirectTo=%2F%5Cevil.example',
      '?redirectTo=%2F%09%2Fevil.example',
      '?redirectTo=%2Fa&redirectTo=%2Fb',
      '?refreshToken=325dfc29',
      '?error=unverified-user&redirectTo=%2Fcalendar',
    ];
    for (const prefix of PREFIXES)
      for (const target of targets)
        for (const cookie of COOKIES) {
          const path = `${prefix}/sign-in${target}`;
          expect(scriptAnswer(SIGNED_IN_REDIRECT_SCRIPT, cookie, path), `${path} with "${cookie}"`).toBe(middlewareAnswer(cookie, path));
        }
  });
});
