import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../../../backend/auth/errors';
import en from '../../../../public/locales/en/error.json';
import hu from '../../../../public/locales/hu/error.json';
import { authErrorMessage, codeStepError, KNOWN_AUTH_ERRORS } from './authErrors';

describe('auth error messages', () => {
  it('maps known service and SDK codes to their own message', () => {
    expect(authErrorMessage({ status: 401, error: 'invalid-email-password', message: 'Incorrect email or password' })).toEqual({
      key: 'auth.invalid-email-password',
      code: 'invalid-email-password',
    });
    expect(authErrorMessage({ status: 0, error: 'network', message: 'Network Error' })?.key).toBe('auth.network');
    expect(authErrorMessage({ code: 'ERROR_CEREMONY_ABORTED' })?.key).toBe('auth.ERROR_CEREMONY_ABORTED');
  });

  it('treats a 401 "Email is not verified" as unverified and 429 as too many requests', () => {
    expect(authErrorMessage({ status: 401, error: 'x', message: 'Email is not verified' })?.key).toBe('auth.unverified-user');
    expect(authErrorMessage({ status: 429, error: 'rate-limit' })?.key).toBe('auth.too-many-requests');
  });

  it('falls back to the generic message and keeps the code', () => {
    expect(authErrorMessage({ status: 400, error: 'brand-new-code' })).toEqual({ key: 'auth.unknown', code: 'brand-new-code' });
    expect(authErrorMessage(null)).toBeNull();
  });

  it('has its own message in both languages for every code the auth service answers with', () => {
    for (const code of Object.keys(ERRORS)) {
      expect(KNOWN_AUTH_ERRORS, code).toContain(code);
      expect(authErrorMessage({ status: 400, error: code })?.key).toBe(`auth.${code}`);
    }
    for (const code of KNOWN_AUTH_ERRORS) {
      expect((en.auth as Record<string, string>)[code], `en ${code}`).toBeTruthy();
      expect((hu.auth as Record<string, string>)[code], `hu ${code}`).toBeTruthy();
    }
  });

  it('on the code step, a refused code reads as a wrong or expired code whatever the service called it', () => {
    expect(authErrorMessage(codeStepError({ status: 401, error: 'invalid-ticket', message: 'Invalid ticket' }))?.key).toBe('auth.invalid-otp');
    expect(authErrorMessage(codeStepError({ status: 400, error: 'invalid-request' }))?.key).toBe('auth.invalid-otp');
    expect(authErrorMessage(codeStepError({ status: 429, error: 'too-many-requests' }))?.key).toBe('auth.too-many-requests');
    expect(authErrorMessage(codeStepError({ status: 401, error: 'disabled-user' }))?.key).toBe('auth.disabled-user');
    expect(codeStepError(null)).toBeNull();
  });
});
