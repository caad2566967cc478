import { describe, expect, it } from 'vitest';
import { authRedirectError, hasTokenParams, readAuthRedirectParams, withoutTokenParams } from './redirectParams';
import { resolveRedirectTarget, safeRedirectPath, signInPathFor } from './redirectTarget';

describe('redirect sign-in parameters', () => {
  it('reads them from the query or the hash', () => {
    expect(readAuthRedirectParams('http://app.test/?refreshToken=abc&type=verifyEmail')).toMatchObject({ refreshToken: 'abc', type: 'verifyEmail', error: null });
    expect(readAuthRedirectParams('http://app.test/sign-in#error=invalid-ticket&errorDescription=Invalid%20ticket')).toMatchObject({
      error: 'invalid-ticket',
      errorDescription: 'Invalid ticket',
    });
  });

  it('turns an error parameter into a message, ignoring "social user already exists"', () => {
    expect(authRedirectError(readAuthRedirectParams('http://a.test/?error=invalid-ticket&errorDescription=Ticket%20expired'))).toEqual({
      error: 'invalid-ticket',
      message: 'Ticket expired',
    });
    expect(authRedirectError(readAuthRedirectParams('http://a.test/?error=unverified-user'))).toEqual({ error: 'unverified-user', message: 'unverified-user' });
    expect(authRedirectError(readAuthRedirectParams('http://a.test/?error=x&errorDescription=social+user+already+exists'))).toBeNull();
    expect(authRedirectError(readAuthRedirectParams('http://a.test/'))).toBeNull();
  });

  it('removes the refresh token and type but keeps everything else', () => {
    expect(withoutTokenParams('http://a.test/accommodations?refreshToken=abc&type=passwordReset&tab=units')).toBe('/accommodations?tab=units');
    expect(withoutTokenParams('http://a.test/#refreshToken=abc&type=x')).toBe('/');
    expect(hasTokenParams('http://a.test/?tab=1')).toBe(false);
    expect(hasTokenParams('http://a.test/#type=verifyEmail')).toBe(true);
  });
});

describe('redirect targets', () => {
  it('accepts same-site paths only', () => {
    expect(safeRedirectPath('/accommodations/1?tab=rates')).toBe('/accommodations/1?tab=rates');
    expect(safeRedirectPath('//evil.test/x')).toBe('/');
    expect(safeRedirectPath('https://evil.test')).toBe('/');
    expect(safeRedirectPath('/\\evil.test')).toBe('/');
    expect(safeRedirectPath('/\t/evil.test')).toBe('/');
    expect(safeRedirectPath('/\n/evil.test/x')).toBe('/');
    expect(safeRedirectPath(['/a'])).toBe('/');
    expect(safeRedirectPath(undefined, '/home')).toBe('/home');
  });

  it('resolves a path against the client URL', () => {
    expect(resolveRedirectTarget('/reset-password', 'http://localhost:3000')).toBe('http://localhost:3000/reset-password');
    expect(resolveRedirectTarget('http://localhost:3000/x', 'http://localhost:3000')).toBe('http://localhost:3000/x');
    expect(resolveRedirectTarget('https://evil.test/x', 'http://localhost:3000')).toBe('http://localhost:3000/');
  });

  it('builds the sign-in address that returns to the page', () => {
    expect(signInPathFor('/accommodations/1')).toBe('/sign-in?redirectTo=%2Faccommodations%2F1');
    expect(signInPathFor('/')).toBe('/sign-in');
  });
});
