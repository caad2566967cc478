// hasura-auth's error catalogue (go/controller/errors.go): every non-2xx answer is
// {status, error, message}; AUTH_CONCEAL_ERRORS folds the sensitive ones into invalid-request.
import type { Request, Response, NextFunction } from 'express';

export const ERRORS = {
  'invalid-request': [400, 'The request payload is incorrect'],
  'default-role-must-be-in-allowed-roles': [400, 'Default role must be in allowed roles'],
  'disabled-user': [401, 'User is disabled'],
  'disabled-endpoint': [409, 'This endpoint is disabled'],
  'email-already-in-use': [409, 'Email already in use'],
  'email-already-verified': [400, "User's email is already verified"],
  'forbidden-anonymous': [403, 'Forbidden, user is anonymous.'],
  'internal-server-error': [500, 'Internal server error'],
  'invalid-email-password': [401, 'Incorrect email or password'],
  'invalid-pat': [401, 'Invalid or expired personal access token'],
  'locale-not-allowed': [400, 'Locale not allowed'],
  'password-in-hibp-database': [400, 'Password is in HIBP database'],
  'password-too-short': [400, 'Password is too short'],
  'redirectTo-not-allowed': [400, 'The value of "options.redirectTo" is not allowed.'],
  'role-not-allowed': [400, 'Role not allowed'],
  'signup-disabled': [403, 'Sign up is disabled.'],
  'unverified-user': [401, 'User is not verified.'],
  'user-not-anonymous': [400, 'Logged in user is not anonymous'],
  'invalid-refresh-token': [401, 'Invalid or expired refresh token'],
  'invalid-ticket': [401, 'Invalid ticket'],
  'disabled-mfa-totp': [401, 'User does not have TOTP MFA enabled'],
  'no-totp-secret': [400, 'User does not have a TOTP secret'],
  'invalid-totp': [401, 'Invalid TOTP code'],
  'mfa-type-not-found': [400, 'MFA type not found'],
  'totp-already-active': [400, 'TOTP MFA is already active'],
  'invalid-state': [400, 'Invalid state'],
  'oauth-token-echange-failed': [400, 'Failed to exchange token'],
  'oauth-profile-fetch-failed': [400, 'Failed to get user profile'],
  'oauth-provider-error': [400, 'Provider returned an error'],
  'cannot-send-sms': [400, 'Cannot send SMS, check your phone number is correct'],
  'invalid-otp': [400, 'Invalid or expired OTP'],
  // Not in hasura-auth's catalogue: its rate limiter answers 429 without a body, and an unknown
  // path is gin's plain 404; we keep the error shape so the JS client can report them.
  'too-many-requests': [429, 'Too many requests'],
  'not-found': [404, 'Not found'],
} as const satisfies Record<string, readonly [number, string]>;

export type AuthErrorCode = keyof typeof ERRORS;

const SENSITIVE = new Set<AuthErrorCode>([
  'disabled-user',
  'email-already-in-use',
  'email-already-verified',
  'forbidden-anonymous',
  'invalid-email-password',
  'invalid-pat',
  'role-not-allowed',
  'signup-disabled',
  'unverified-user',
  'invalid-refresh-token',
  'invalid-ticket',
  'disabled-mfa-totp',
  'invalid-totp',
  'invalid-otp',
  'no-totp-secret',
]);

export class AuthError extends Error {
  constructor(readonly code: AuthErrorCode) {
    super(ERRORS[code][1]);
  }
}

export interface ErrorBody {
  status: number;
  error: string;
  message: string;
}

export function errorBody(code: AuthErrorCode, conceal: boolean): ErrorBody {
  const effective: AuthErrorCode = conceal && SENSITIVE.has(code) ? 'invalid-request' : code;
  const [status, message] = ERRORS[effective];
  return { status, error: effective, message };
}

export function sendError(res: Response, code: AuthErrorCode, conceal: boolean): void {
  const body = errorBody(code, conceal);
  res.status(body.status).json(body);
}

/**
 * The router's last handler: AuthErrors keep their code; bad JSON and every refusal of the
 * OpenAPI contract check (wrong body, missing or bad Bearer token: any 4xx it raises) are 400
 * invalid-request, as hasura-auth's validator middleware answers; anything else a 500 without detail.
 */
export function errorHandler(conceal: boolean, log: (msg: string, err: unknown) => void) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    if (res.headersSent) return;
    if (err instanceof AuthError) return sendError(res, err.code, conceal);
    const status = (err as { status?: number } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) return sendError(res, 'invalid-request', conceal);
    log('auth request failed', err);
    sendError(res, 'internal-server-error', conceal);
  };
}
