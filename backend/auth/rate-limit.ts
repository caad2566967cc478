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
 * (renew, forget) starts the count again (a right one only when no new code was sent since it
 * began: its answer is about the code before). The `max`-th wrong one also burns the code; when
 * that burn fails, later guesses try it again.
 *
 * Each key's count carries a generation, bumped whenever a new code starts it again: a burn or an
 * eviction that began under an older generation was about the old code and says nothing of the new.
 *
 * Bounded: when full, the entries touched longest ago are evicted, and their codes burnt first
 * (forgetting a count alone let junk keys push it out and buy its code `max` more checks). An
 * entry stays in the table until its eviction's burn got through, so guesses meanwhile still count
 * on it and wait for the burn, and a failed one leaves it there to be evicted again. An entry with
 * guesses in flight or a new code being stored is never evicted: what they count would be lost.
 * So while the database is down (burns failing, or hanging unanswered) nothing leaves the table.
 * At `hardCap` entries a key it does not hold first tries two evictions, as any guess does; if they
 * make no room, its guess is refused unchecked and its new code is not stored, instead of adding an
 * entry (each new key grew the table by one, without bound, for as long as the outage lasted): a
 * check or a store then could not have been answered anyway. Once burns get through it drains.
 */
export class GuessLimit {
  private readonly guesses = new Map<string, GuessCount>();
  /** Entries being evicted (still in the table until their burn is answered). */
  private evicting = 0;

  constructor(
    private readonly max = 5,
    private readonly capacity = 10_000,
    private readonly hardCap = 2 * capacity,
  ) {}

  /** Entries in the table (counts, and evictions waiting on their burn). */
  get size(): number {
    return this.guesses.size;
  }

  /**
   * Checks one guess for key: `check` answers what a right guess gives, or undefined for a wrong
   * one; `burn` invalidates the code. Undefined when the guess was wrong or refused unchecked.
   * The count is taken synchronously, before anything awaits, so concurrent guesses cannot race it.
   */
  async guess<T>(key: string, check: () => Promise<T | undefined>, burn: () => Promise<unknown>): Promise<T | undefined> {
    if (this.full(key)) {
      // Evictions first, as any guess; still full, the guess is refused unchecked, nothing added.
      // (Checked again in the same turn as the entry is added: concurrent guesses cannot share the room.)
      await Promise.all(this.evictOverCapacity());
      if (this.full(key)) return undefined;
    }
    const entry = this.guesses.get(key) ?? newCount(burn);
    if (entry.started >= this.max) {
      // Spent, but its burn failed: try again, or the code lives on once the count is gone.
      if (entry.failed >= this.max && !entry.burnt) await this.burnCode(entry, 'guessed at too often (again)');
      return undefined;
    }
    entry.burn = burn;
    entry.started += 1;
    entry.total += 1;
    entry.inFlight += 1;
    // The count this guess is on: a new code counted since (renew) makes it a count of that code.
    const generation = entry.generation;
    const ownEviction = entry.eviction;
    // Started now, so on a database that runs statements in order (PGlite) they land first.
    const evictions = this.touch(key, entry);
    let result: T | undefined;
    try {
      // Until this key's eviction burn lands, a check could find its code live; if the burn failed,
      // the database is down: a wrong guess, unchecked.
      if (ownEviction && !(await ownEviction)) return undefined;
      result = await check();
    } finally {
      entry.inFlight -= 1;
      // A check that threw may have been a guess all the same: it counts as a wrong one.
      if (result === undefined) {
        entry.failed += 1;
        // The count is spent whether or not the burn gets through, so this guess answers as any
        // wrong one, not with the burn's error (a 500 for a wrong code).
        if (entry.failed >= this.max) await this.burnCode(entry, 'guessed at too often');
      } else if (this.guesses.get(key) === entry && entry.generation === generation && !entry.renewals) {
        // Guesses still in flight may check a code sent next: they stay counted (forget). Only while
        // no new code was sent since this guess began: a right answer that comes back while a new
        // code is being stored, or after it was stored and counted (renew), was about the code
        // before it, and forgetting then dropped the guesses finished at the new one (each such
        // answer bought it up to `max` more checks). renew() counts the new code's guesses itself.
        this.forget(key);
      }
      // Whoever floods the table with junk keys waits on the burns they cause (one write each,
      // only when it is full).
      await Promise.all(evictions);
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
    if (!entry) return;
    this.startAgain(entry, entry.inFlight);
    this.dropIfIdle(key, entry);
  }

  /**
   * Stores a new code for key (`store`) and starts its count: until the store is answered the
   * old code may still be live, so guesses count against it as before; once answered, the new
   * code's count holds every guess that may have checked it (in flight when the store began, or
   * started since), not only those still in flight (a guess finished between the new code landing
   * and forget() was an uncounted check of it). A store that fails keeps the old count, raised to
   * the guesses since if more (it may have committed before failing), and no longer taken as burnt.
   */
  async renew<T>(key: string, store: () => Promise<T>): Promise<T> {
    if (this.full(key)) {
      // As in guess(): a new code is not stored for a key that cannot be counted.
      await Promise.all(this.evictOverCapacity());
      if (this.full(key)) throw new Error('no room to count guesses at a new code: the database is not burning old ones');
    }
    let entry = this.guesses.get(key);
    if (!entry) {
      entry = newCount(async () => undefined);
      this.guesses.set(key, entry);
    }
    // Held in the table while the store runs (never evicted), so the guesses since are all on it.
    entry.renewals += 1;
    const { inFlight, total } = entry;
    let stored: T;
    try {
      stored = await store();
    } catch (e) {
      // The store may have committed all the same (its answer lost with the connection), so the
      // live code may be the new one: the old count stays, at least every guess that may have
      // checked the new code, and a new generation, so neither it nor a burn of the old code
      // still being answered marks it burnt (a burnt count leaves the table without a burn).
      entry.renewals -= 1;
      this.startAgain(entry, Math.max(entry.started, inFlight + entry.total - total), entry.failed);
      this.dropIfIdle(key, entry);
      throw e;
    }
    entry.renewals -= 1;
    this.startAgain(entry, inFlight + entry.total - total);
    this.dropIfIdle(key, entry);
    return stored;
  }

  /** Guesses at key started and not yet forgotten (0 when unknown or evicted). */
  started(key: string): number {
    return this.guesses.get(key)?.started ?? 0;
  }

  /** A new code's count: `started` guesses that may check it, a new generation. */
  private startAgain(entry: GuessCount, started: number, failed = 0): void {
    entry.started = started;
    entry.failed = failed;
    entry.burnt = false;
    entry.generation += 1;
  }

  /** Drops key's entry when it counts nothing and nothing waits on it. */
  private dropIfIdle(key: string, entry: GuessCount): void {
    if (entry.started || entry.inFlight || entry.renewals || entry.eviction) return;
    if (this.guesses.get(key) === entry) this.guesses.delete(key);
  }

  /** Records a guess at key; starts evicting the entries touched longest ago when the table is full. */
  private touch(key: string, entry: GuessCount): Promise<boolean>[] {
    // A Map iterates in insertion order; re-inserting on every guess keeps the oldest first.
    this.guesses.delete(key);
    this.guesses.set(key, entry);
    return this.evictOverCapacity();
  }

  /** No entry for key, and no room for one (hardCap). */
  private full(key: string): boolean {
    return !this.guesses.has(key) && this.guesses.size >= this.hardCap;
  }

  /** Starts burning out the entries touched longest ago while the table is over capacity. */
  private evictOverCapacity(): Promise<boolean>[] {
    const evictions: Promise<boolean>[] = [];
    // At most two per guess (one for the entry it may add, one towards any backlog): while the
    // database is down every eviction fails and stays in the table, and evicting all of them
    // again on every guess made each request cost a failing burn per entry over capacity.
    let excess = Math.min(EVICTIONS_PER_GUESS, this.guesses.size - this.evicting - this.capacity);
    for (const [oldest, count] of this.guesses) {
      if (excess <= 0) break;
      if (count.inFlight || count.renewals || count.eviction) continue;
      excess -= 1;
      if (count.burnt) this.guesses.delete(oldest);
      else evictions.push(this.evict(oldest, count));
    }
    return evictions;
  }

  /** Burns count's code, then drops it; a failed burn leaves it in the table (evicted again later). */
  private evict(key: string, count: GuessCount): Promise<boolean> {
    this.evicting += 1;
    const generation = count.generation;
    const eviction = this.burnCode(count, 'pushed out of the guess table').then((ok) => {
      this.evicting -= 1;
      count.eviction = undefined;
      // Its code burnt: the count may go (guesses at a dead code check nothing) once nothing waits
      // on it. Not burnt, it stays to be evicted again; a new code started meanwhile (renew) keeps
      // its own count unless that counts nothing.
      const burnt = ok && count.generation === generation;
      if (burnt && !count.inFlight && !count.renewals && this.guesses.get(key) === count) this.guesses.delete(key);
      else this.dropIfIdle(key, count);
      return ok;
    });
    count.eviction = eviction;
    return eviction;
  }

  /** Burns count's code; records that it got through unless a new code was sent meanwhile. */
  private async burnCode(count: GuessCount, why: string): Promise<boolean> {
    const generation = count.generation;
    const ok = await burnQuietly(count.burn, why);
    if (ok && count.generation === generation) count.burnt = true;
    return ok;
  }
}

const EVICTIONS_PER_GUESS = 2;

const newCount = (burn: () => Promise<unknown>): GuessCount => ({
  started: 0,
  failed: 0,
  inFlight: 0,
  total: 0,
  renewals: 0,
  burn,
  burnt: false,
  generation: 0,
});

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

interface GuessCount {
  /** Guesses counted against the code (refused unchecked from `max` on). */
  started: number;
  failed: number;
  /** Started and not yet answered. */
  inFlight: number;
  /** Every guess ever started on this entry, never reset: renew() counts the ones during its store. */
  total: number;
  /** New codes being stored for the key (renew); the entry is kept while there are any. */
  renewals: number;
  /** Invalidates the code (the latest guess's). */
  burn: () => Promise<unknown>;
  /** The code is burnt (reset when a new one is sent). */
  burnt: boolean;
  /** Bumped when a new code starts the count again, so a burn of the old one does not mark the new one burnt. */
  generation: number;
  /** The burn of an eviction under way: whether it got through. */
  eviction?: Promise<boolean>;
}
