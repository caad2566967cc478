// Rate limits with hasura-auth's buckets and paths (go/middleware/ratelimit): a global limit per
// client IP, plus e-mail, SMS, brute-force and sign-up limits by endpoint. Sliding window, in memory.
import type { Request, Response, NextFunction } from 'express';
import { sendError } from './errors';
import type { AuthSettings, RateLimit } from './settings';
import { rateLimitKey } from '../clientAddress';

export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly limit: RateLimit) {}

  /** Records a hit for key and says whether it is within the limit. */
  allow(key: string, now = Date.now()): boolean {
    const since = now - this.limit.intervalMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length >= this.limit.burst) {
      this.hits.set(key, list);
      return false;
    }
    list.push(now);
    this.hits.set(key, list);
    if (this.hits.size > 10_000) this.prune(since);
    return true;
  }

  private prune(since: number): void {
    for (const [k, list] of this.hits) if (!list.some((t) => t > since)) this.hits.delete(k);
  }
}

function sendsEmail(path: string, verifyEmail: boolean): boolean {
  const always = ['/signin/passwordless/email', '/signin/otp/email', '/user/email/change', '/user/password/reset'];
  const withVerify = ['/user/email/send-verification-email', '/signup/email-password', '/user/deanonymize'];
  return always.includes(path) || (verifyEmail && withVerify.includes(path));
}

const sendsSms = (path: string) => path === '/signin/passwordless/sms';
const bruteForceProtected = (path: string) => path.startsWith('/signin') || path.endsWith('/verify') || path.endsWith('/otp') || path === '/user/mfa';
const isSignup = (path: string) => path.startsWith('/signup');
const unlimited = (path: string) => path === '/healthz' || path === '/version' || path === '/.well-known/jwks.json';

export function rateLimiter(s: AuthSettings) {
  const rl = s.rateLimit;
  const global = new SlidingWindow(rl.global);
  const email = new SlidingWindow(rl.emails);
  const sms = new SlidingWindow(rl.sms);
  const bruteForce = new SlidingWindow(rl.bruteForce);
  const signups = new SlidingWindow(rl.signups);

  return (req: Request, res: Response, next: NextFunction): void => {
    // Routing ignores case and trailing slashes, so the buckets must too (`/SIGNIN/email-password/`).
    const path = req.path.toLowerCase().replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
    if (!rl.enabled || unlimited(path)) return next();
    const ip = rateLimitKey(req.ip ?? req.socket.remoteAddress);
    // Every bucket the request belongs to is charged, as hasura-auth does.
    let ok = global.allow(ip);
    if (sendsEmail(path, s.emailVerificationRequired)) ok = email.allow(rl.emails.global ? 'global' : ip) && ok;
    if (sendsSms(path)) ok = sms.allow(ip) && ok;
    if (bruteForceProtected(path)) ok = bruteForce.allow(ip) && ok;
    if (isSignup(path)) ok = signups.allow(ip) && ok;
    if (!ok) {
      res.setHeader('Retry-After', String(Math.ceil(rl.bruteForce.intervalMs / 1000)));
      return sendError(res, 'too-many-requests', false);
    }
    next();
  };
}

/**
 * Wrong guesses per one-time secret (OTP, MFA ticket): after `max` failures the secret is burnt,
 * so a 6-digit code cannot be brute-forced from many addresses within its lifetime.
 * The table is bounded: when full, the entries touched longest ago go first. Wiping it instead
 * would let an attacker reset their own count by flooding the table with junk keys.
 */
export class FailureCounter {
  // A Map iterates in insertion order; re-inserting on every failure keeps the oldest first.
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly max = 5,
    private readonly capacity = 10_000,
  ) {}

  /** Records a failure; true when the secret must now be invalidated. */
  fail(key: string): boolean {
    const n = (this.failures.get(key) ?? 0) + 1;
    this.failures.delete(key);
    if (n >= this.max) return true;
    this.failures.set(key, n);
    for (const oldest of this.failures.keys()) {
      if (this.failures.size <= this.capacity) break;
      this.failures.delete(oldest);
    }
    return false;
  }

  /** Failures recorded for key (0 when unknown or evicted). */
  count(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
