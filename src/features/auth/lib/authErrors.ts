// Turns an auth-service or SDK error into a translation key of the error namespace (SPEC 8).
// Unknown codes fall back to the generic message; the code itself is still shown for support.

/** Codes with their own message in error.json (auth.<code>). */
export const KNOWN_AUTH_ERRORS = [
  'invalid-email',
  'invalid-password',
  'invalid-phone-number',
  'invalid-mfa-ticket',
  'no-mfa-ticket',
  'no-refresh-token',
  'already-signed-in',
  'unauthenticated-user',
  'unverified-user',
  'invalid-refresh-token',
  'invalid-sign-in-method',
  'network',
  'abort-error',
  'invalid-email-password',
  'disabled-user',
  'email-already-in-use',
  'email-already-verified',
  'invalid-ticket',
  'invalid-totp',
  'invalid-otp',
  'disabled-endpoint',
  'disabled-mfa-totp',
  'signup-disabled',
  'password-too-short',
  'password-in-hibp-database',
  'redirectTo-not-allowed',
  'too-many-requests',
  'totp-already-active',
  'no-totp-secret',
  'invalid-pat',
  'cannot-send-sms',
  'forbidden-anonymous',
  'internal-server-error',
  'invalid-request',
  'default-role-must-be-in-allowed-roles',
  'locale-not-allowed',
  'role-not-allowed',
  'user-not-anonymous',
  'mfa-type-not-found',
  'invalid-state',
  'oauth-token-echange-failed',
  'oauth-profile-fetch-failed',
  'oauth-provider-error',
  'elevated-claim-required',
  'not-found',
  'ERROR_CEREMONY_ABORTED',
  'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
  'ERROR_INVALID_DOMAIN',
  'ERROR_INVALID_RP_ID',
] as const;

export interface AuthErrorLike {
  error?: unknown;
  code?: unknown;
  status?: unknown;
  message?: unknown;
}

export interface AuthErrorMessage {
  /** Translation key in the error namespace. */
  key: string;
  /** The code as the service sent it, for the user to quote. */
  code: string | null;
}

export function authErrorMessage(error: AuthErrorLike | null | undefined): AuthErrorMessage | null {
  if (!error) return null;
  const raw = typeof error.error === 'string' ? error.error : typeof error.code === 'string' ? error.code : null;
  // hasura-auth answers a rate-limited request with 429 and its own code names vary by version.
  const code = error.status === 429 ? 'too-many-requests' : raw;
  if (code && (KNOWN_AUTH_ERRORS as readonly string[]).includes(code)) return { key: `auth.${code}`, code };
  if (error.message === 'Email is not verified') return { key: 'auth.unverified-user', code: 'unverified-user' };
  return { key: 'auth.unknown', code };
}

/**
 * A refused one-time code, as the auth service says it: hasura-auth answers a wrong e-mail code
 * with `invalid-ticket` and a wrong SMS code with `invalid-request` (errors.go). On the code step
 * both mean the code is wrong or expired, so they get that message.
 */
export function codeStepError<T extends AuthErrorLike>(error: T | null | undefined): T | AuthErrorLike | null | undefined {
  if (error && (error.error === 'invalid-ticket' || error.error === 'invalid-request')) return { ...error, error: 'invalid-otp' };
  return error;
}
