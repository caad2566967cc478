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
 * Guesses at a one-time code, counted when they start, not when they fail: guesses sent at once
 * are all being checked before the first one fails, so counting failures let every one of them
 * be checked (and a right one among them sign in after the limit). Here at most `max` guesses per
 * code are ever checked; later ones are refused unchecked until a right one or a new code
 * (forget) starts the count again. The `max`-th wrong one also burns the code.
 * Bounded: when full, the entries touched longest ago go first, and their codes are burnt with
 * them. Forgetting a count alone let junk keys push a code's count out and buy it `max` more checks.
 */
export class GuessLimit {
  private readonly guesses = new Map<string, GuessCount>();

  constructor(
    private readonly max = 5,
    private readonly capacity = 10_000,
  ) {}

  /**
   * Checks one guess for key: `check` answers what a right guess gives, or undefined for a wrong
   * one; `burn` invalidates the code. Undefined when the guess was wrong or refused unchecked.
   * The count is taken synchronously, before anything awaits, so concurrent guesses cannot race it.
   */
  async guess<T>(key: string, check: () => Promise<T | undefined>, burn: () => Promise<unknown>): Promise<T | undefined> {
    const entry = this.guesses.get(key) ?? { started: 0, failed: 0, inFlight: 0, burn };
    if (entry.started >= this.max) return undefined;
    entry.burn = burn;
    entry.started += 1;
    entry.inFlight += 1;
    const evicted = this.touch(key, entry);
    let result: T | undefined;
    try {
      // Codes pushed out of the table are burnt before this guess answers, so whoever floods the
      // table with junk keys waits on the burns they cause (one write each, only when it is full).
      await Promise.all(evicted.map((e) => burnQuietly(e.burn, 'pushed out of the guess table')));
      result = await check();
    } finally {
      entry.inFlight -= 1;
      // A check that threw may have been a guess all the same: it counts as a wrong one.
      if (result === undefined) {
        entry.failed += 1;
        // The count is spent whether or not the burn gets through, so this guess answers as any
        // wrong one, not with the burn's error (a 500 for a wrong code).
        if (entry.failed >= this.max) await burnQuietly(burn, 'guessed at too often');
      } else if (this.guesses.get(key) === entry) {
        this.guesses.delete(key);
      }
    }
    return result;
  }

  /**
   * A new code was sent for key: it gets `max` guesses of its own, less the guesses still being
   * checked. Their check may run after the new code was stored, so each may be a check of it; they
   * stay counted (and their failures too), or the new code could get `max` more on top of them.
   */
  forget(key: string): void {
    const entry = this.guesses.get(key);
    if (!entry?.inFlight) {
      this.guesses.delete(key);
      return;
    }
    entry.started = entry.inFlight;
    entry.failed = 0;
  }

  /** Guesses at key started and not yet forgotten (0 when unknown or evicted). */
  started(key: string): number {
    return this.guesses.get(key)?.started ?? 0;
  }

  /** Records a guess at key; answers the entries pushed out to make room, whose codes must be burnt. */
  private touch(key: string, entry: GuessCount): GuessCount[] {
    // A Map iterates in insertion order; re-inserting on every guess keeps the oldest first.
    this.guesses.delete(key);
    this.guesses.set(key, entry);
    const evicted: GuessCount[] = [];
    for (const [oldest, pushedOut] of this.guesses) {
      if (this.guesses.size <= this.capacity) break;
      this.guesses.delete(oldest);
      // One counted out was burnt by its last guess already.
      if (pushedOut.failed < this.max) evicted.push(pushedOut);
    }
    return evicted;
  }
}

/**
 * Burns a code, logging instead of throwing when that fails (the database briefly unavailable):
 * the guess that asked for it answers as any wrong guess, and the code's count, spent, refuses the
 * guesses after it unchecked. An evicted code whose burn failed stays usable, with its count lost.
 */
async function burnQuietly(burn: () => Promise<unknown>, why: string): Promise<void> {
  try {
    await burn();
  } catch (e) {
    console.error(`[auth] burning a one-time code ${why} failed:`, e instanceof Error ? e.message : e);
  }
}

interface GuessCount {
  started: number;
  failed: number;
  /** Started and not yet answered. */
  inFlight: number;
  /** Invalidates the code (the latest guess's). */
  burn: () => Promise<unknown>;
}
