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
 * (forget) starts the count again. The `max`-th wrong one also burns the code; when that burn
 * fails, later guesses try it again.
 * Bounded: when full, the entries touched longest ago go first, and their codes are burnt with
 * them (forgetting a count alone let junk keys push it out and buy its code `max` more checks).
 * An entry with guesses in flight is never pushed out (a new code sent meanwhile would not count
 * them); guesses at a key whose pushed-out count is still being burnt wait for the burn; a count
 * whose burn failed goes back into the table.
 */
export class GuessLimit {
  private readonly guesses = new Map<string, GuessCount>();
  /** Burns of pushed-out counts not yet done, by key: whether each got through. */
  private readonly burning = new Map<string, Promise<boolean>>();
  /** New codes being stored, by key: the guesses that may check each (in flight or started since). */
  private readonly renewing = new Map<string, Set<Renewal>>();
  /** Pushed-out counts being burnt, by key, since the key's last renew() answered (put back only if still so). */
  private readonly pushedSinceRenew = new Map<string, { stale: boolean }>();

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
    const entry = this.guesses.get(key) ?? { started: 0, failed: 0, inFlight: 0, burn, burnt: false, code: 0 };
    if (entry.started >= this.max) {
      // Spent, but its burn failed: try again, or the code lives on once the count is gone.
      if (entry.failed >= this.max && !entry.burnt) await this.burnCode(entry, 'guessed at too often (again)');
      return undefined;
    }
    entry.burn = burn;
    entry.started += 1;
    entry.inFlight += 1;
    for (const r of this.renewing.get(key) ?? []) {
      r.since += 1;
      r.burn = burn;
    }
    const ownBurn = this.burning.get(key);
    // Started now, so on a database that runs statements in order (PGlite) they land first.
    const pushedOut = this.touch(key, entry);
    let result: T | undefined;
    try {
      // Until the burn of this key's pushed-out count lands, a check could find its code live; if
      // it failed, the database is down and the count back in the table: a wrong guess, unchecked.
      if (ownBurn && !(await ownBurn)) return undefined;
      result = await check();
    } finally {
      entry.inFlight -= 1;
      // A check that threw may have been a guess all the same: it counts as a wrong one.
      if (result === undefined) {
        entry.failed += 1;
        // The count is spent whether or not the burn gets through, so this guess answers as any
        // wrong one, not with the burn's error (a 500 for a wrong code).
        if (entry.failed >= this.max) await this.burnCode(entry, 'guessed at too often');
      } else if (this.guesses.get(key) === entry) {
        // Guesses still in flight may check a code sent next: they stay counted (forget).
        this.forget(key);
      }
      // Whoever floods the table with junk keys waits on the burns they cause (one write each,
      // only when it is full).
      await Promise.all(pushedOut);
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
    entry.burnt = false;
    entry.code += 1;
  }

  /**
   * Stores a new code for key (`store`) and starts its count: until the store is answered the
   * old code may still be live, so guesses count against it as before; once answered, the new
   * code's count holds every guess that may have checked it (in flight when the store began, or
   * started since), not only those still in flight (a guess finished between the new code landing
   * and forget() was an uncounted check of it). A store that fails leaves the old count alone.
   */
  async renew<T>(key: string, store: () => Promise<T>): Promise<T> {
    const before = this.guesses.get(key);
    const r: Renewal = { since: before?.inFlight ?? 0, burn: before?.burn };
    const set = this.renewing.get(key) ?? new Set<Renewal>();
    set.add(r);
    this.renewing.set(key, set);
    let stored: T;
    try {
      stored = await store();
    } finally {
      set.delete(r);
      if (!set.size && this.renewing.get(key) === set) this.renewing.delete(key);
    }
    // A count pushed out before now is the old code's: its burn failing must not put it back over the
    // new code's (a spent one would refuse the owner's right new code and burn it).
    const pushed = this.pushedSinceRenew.get(key);
    if (pushed) {
      pushed.stale = true;
      this.pushedSinceRenew.delete(key);
    }
    const entry = this.guesses.get(key);
    if (entry) {
      entry.started = r.since;
      entry.failed = 0;
      entry.burnt = false;
      entry.code += 1;
      if (!entry.started && !entry.inFlight) this.guesses.delete(key);
    } else if (r.since > 0 && r.burn) {
      this.guesses.set(key, { started: r.since, failed: 0, inFlight: 0, burn: r.burn, burnt: false, code: 0 });
    }
    return stored;
  }

  /** Guesses at key started and not yet forgotten (0 when unknown or evicted). */
  started(key: string): number {
    return this.guesses.get(key)?.started ?? 0;
  }

  /** Records a guess at key; starts burning the codes of the entries pushed out to make room. */
  private touch(key: string, entry: GuessCount): Promise<boolean>[] {
    // A Map iterates in insertion order; re-inserting on every guess keeps the oldest first.
    this.guesses.delete(key);
    this.guesses.set(key, entry);
    const burns: Promise<boolean>[] = [];
    for (const [oldest, count] of this.guesses) {
      if (this.guesses.size <= this.capacity) break;
      if (count.inFlight > 0) continue;
      this.guesses.delete(oldest);
      if (!count.burnt) burns.push(this.pushOut(oldest, count));
    }
    return burns;
  }

  private pushOut(key: string, count: GuessCount): Promise<boolean> {
    const token = this.pushedSinceRenew.get(key) ?? { stale: false };
    this.pushedSinceRenew.set(key, token);
    const burnt = this.burnCode(count, 'pushed out of the guess table').then((ok) => {
      if (!ok && !token.stale) this.putBack(key, count);
      return ok;
    });
    const before = this.burning.get(key);
    const all = before ? Promise.all([before, burnt]).then(([a, b]) => a && b) : burnt;
    this.burning.set(key, all);
    void all.then(() => {
      if (this.burning.get(key) !== all) return;
      this.burning.delete(key);
      if (this.pushedSinceRenew.get(key) === token) this.pushedSinceRenew.delete(key);
    });
    return all;
  }

  /** A pushed-out count whose code could not be burnt: kept, added to the key's count since. */
  private putBack(key: string, count: GuessCount): void {
    const now = this.guesses.get(key);
    if (!now) {
      this.guesses.set(key, count);
      return;
    }
    // The count since may be a new code's: adding the old one only leaves it fewer guesses.
    now.started += count.started;
    now.failed += count.failed;
    now.burnt = false;
  }

  /** Burns count's code; records that it got through unless a new code was sent meanwhile. */
  private async burnCode(count: GuessCount, why: string): Promise<boolean> {
    const code = count.code;
    const ok = await burnQuietly(count.burn, why);
    if (ok && count.code === code) count.burnt = true;
    return ok;
  }
}

/**
 * Burns a code, logging instead of throwing when that fails (the database briefly unavailable):
 * the guess that asked for it answers as any wrong guess. Answers whether it got through.
 */
async function burnQuietly(burn: () => Promise<unknown>, why: string): Promise<boolean> {
  try {
    await burn();
    return true;
  } catch (e) {
    console.error(`[auth] burning a one-time code ${why} failed:`, e instanceof Error ? e.message : e);
    return false;
  }
}

interface Renewal {
  since: number;
  burn: (() => Promise<unknown>) | undefined;
}

interface GuessCount {
  started: number;
  failed: number;
  /** Started and not yet answered. */
  inFlight: number;
  /** Invalidates the code (the latest guess's). */
  burn: () => Promise<unknown>;
  /** The code is burnt (reset when a new one is sent). */
  burnt: boolean;
  /** Bumped when a new code is sent, so a burn of the old one does not mark the new one burnt. */
  code: number;
}
