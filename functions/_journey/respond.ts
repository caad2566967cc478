// Answers of the journey functions: a status, a machine code, an English message and the
// `journey:` key the guest page shows (in the guest's language), plus the field when one is wrong.
import type { Request, Response } from 'express';
import { rateLimitKey } from '../../backend/clientAddress';
import type { InvalidBody } from '../../src/lib/functions/contract';

export const ERROR_KEYS = {
  'method-not-allowed': 'journey:errors.unknown',
  'invalid-body': 'journey:errors.invalid',
  'unknown-field': 'journey:errors.invalid',
  'not-found': 'journey:errors.notFound',
  'not-open': 'journey:errors.notOpen',
  closed: 'journey:errors.closed',
  'too-many-attempts': 'journey:errors.tooManyAttempts',
  'too-large': 'journey:errors.tooLarge',
  'not-an-image': 'journey:errors.notAnImage',
  'photo-size': 'journey:errors.photoSize',
  busy: 'journey:errors.busy',
  unreadable: 'journey:errors.unreadable',
  'already-checked-in': 'journey:errors.alreadyCheckedIn',
  'checkin-failed': 'journey:errors.checkinFailed',
  capacity: 'journey:errors.capacity',
  'unit-capacity': 'journey:errors.unitCapacity',
  'unknown-unit': 'journey:errors.unknownUnit',
  'dob-future': 'journey:validation.dobFuture',
  'times-order': 'journey:validation.timesOrder',
  'date-outside-stay': 'journey:validation.dateOutsideStay',
  'too-many-orders': 'journey:errors.tooManyOrders',
  internal: 'journey:errors.unknown',
} as const;
export type JourneyErrorCode = keyof typeof ERROR_KEYS;

export function fail(res: Response, status: number, error: JourneyErrorCode, message: string, field?: string): void {
  res.status(status).json({ status, error, message, messageKey: ERROR_KEYS[error], ...(field ? { field } : {}) });
}

/** A contract's 400: the field's own message key when the schema gave one ("journey:validation.letters"). */
export function failInvalid(res: Response, invalid: InvalidBody): void {
  const messageKey = /^journey:[\w.]+(\|.*)?$/.test(invalid.message) ? invalid.message : (ERROR_KEYS[invalid.error as JourneyErrorCode] ?? 'journey:errors.invalid');
  res.status(400).json({ status: 400, error: invalid.error, message: invalid.message, messageKey, ...(invalid.field ? { field: invalid.field } : {}) });
}

export function requirePost(req: Request, res: Response): boolean {
  if (req.method === 'POST') return true;
  fail(res, 405, 'method-not-allowed', 'Use POST');
  return false;
}

/**
 * The caller's key for rate limits: Express honours X-Forwarded-For only from trusted proxies
 * (BACKEND_TRUST_PROXY); an IPv6 client counts by its /64, as the backend's own limits do.
 */
export function clientAddress(req: Request): string {
  return rateLimitKey(req.ip ?? req.socket.remoteAddress);
}
