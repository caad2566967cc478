// Delivers what the database holds to deliver: table events (hdb_catalog.event_log), cron events
// and one-off scheduled events, the way Hasura's processors do: fetch a batch and lock it, POST each
// (many at once), record every try in the invocation log and the outcome on the event in one
// transaction, retry by the trigger's retry_conf. Nothing here runs inside a GraphQL request, so a
// slow or failing webhook never holds one up. One worker delivers a database's events: the data
// folder has one owner (PGlite), and on a server Postgres, where several backends may run, the worker
// holding the events lock (an advisory lock, Db.tryLock) delivers while the others stand by and take
// over when its connection ends. So the locks on events found at the start belong to a worker that is
// gone: they are released and those events go out again.
import type { Db, HeldLock } from '../db';
import { resolveHeaders, resolveWebhook, type CronTrigger, type EventsConfig, type EventTrigger, type RetryConf, type Unresolved } from './config';
import { nextRuns } from './cron';
import { deliver, type DeliveryResult } from './deliver';
import type { HeaderMeta } from '../graphql/metadata';

export interface WorkerOptions {
  /** How often the log is polled when idle (Hasura: HASURA_GRAPHQL_EVENTS_FETCH_INTERVAL, 1 s). */
  fetchIntervalMs: number;
  /** Events fetched and locked at once (Hasura: HASURA_GRAPHQL_EVENTS_FETCH_BATCH_SIZE, 100). */
  batchSize: number;
  /** Webhook calls in flight at once (Hasura: HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE, 100; on PGlite see PGLITE_HTTP_POOL_SIZE). */
  concurrency: number;
  /** Future runs kept scheduled per cron trigger (Hasura keeps 100). */
  cronLookahead: number;
  /** How soon after a write its events are looked for. */
  nudgeMs: number;
  /**
   * false: the cron triggers are neither scheduled nor delivered (table events and one-off
   * scheduled events still are). Only for test backends that do not test crons (see
   * createEventsService); no environment variable or CLI flag sets it.
   */
  crons: boolean;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = { fetchIntervalMs: 1000, batchSize: 100, concurrency: 100, cronLookahead: 100, nudgeMs: 50, crons: true };

/** How long a shutdown waits for webhook calls in flight. */
const CLOSE_GRACE_MS = 5000;

/** The server Postgres advisory lock of the database's delivering worker. */
export const EVENTS_LOCK_KEY = 'staydesk.events.worker';
/**
 * A table event locked longer ago than this is fetched again, as Hasura does (its fetchEvents):
 * whoever locked it is gone (its answer to the fetch was lost after the commit, or its process or
 * connection ended without the next leader's start releasing it). Far longer than any webhook call.
 */
export const EVENT_LOCK_EXPIRY = '30 minutes';
/** How often a standing-by worker tries to take the events lock. */
export const STANDBY_RETRY_MS = 2000;
/**
 * While attempts at the events lock or delivery rounds keep failing (the database is down or
 * restarting), how often the failure is logged again. The first is logged at once, the way back
 * once: a restart wrote ~20 identical errors in the 2 s of a reclaim, then one every 2 s (and a
 * leader's failed round one every second) while it lasted.
 */
export const FAILURE_LOG_EVERY_MS = 60_000;

type Env = () => Record<string, string | undefined>;
type Log = { info(m: string): void; warn(m: string): void; error(m: string, e?: unknown): void };

/**
 * Failures of one kind, logged sparingly: a line at most once a minute (the first failure at once;
 * later ones with how many failed since the last line), and one "works again" line after an error
 * line, when it next works. The minute holds across successes: a failure that comes back between
 * them (flapping) is not logged anew each time. Failures no line has mentioned yet are told when
 * the minute is up (a timer, so also when nothing else happens afterwards), or at close().
 */
export class FailureStreak {
  /** Failures since the last "works again" line (or the start). */
  private failures = 0;
  /** Failures since the last line. */
  private unreported = 0;
  private loggedAt = Number.NEGATIVE_INFINITY;
  /** An error line was logged that no "works again" line has answered yet. */
  private reported = false;
  /** Whether the last outcome was a success. */
  private lastOk = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly what: string,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
  ) {}

  failed(e: unknown): void {
    this.lastOk = false;
    this.failures++;
    this.unreported++;
    if (this.now() - this.loggedAt < FAILURE_LOG_EVERY_MS) return this.tellLater();
    const so = this.unreported === 1 ? 'trying again' : `${this.unreported} times since the last report`;
    this.log.error(`events: ${this.what} failed (${so}; logged at most once a minute while it fails)`, e);
    this.loggedAt = this.now();
    this.unreported = 0;
    this.reported = true;
  }

  /** It worked. */
  over(): void {
    this.lastOk = true;
    if (!this.reported) return this.tell();
    this.log.info(`events: ${this.what} works again, after ${plural(this.failures, 'failure')}`);
    this.reported = false;
    this.failures = 0;
    this.unreported = 0;
  }

  /** Tells what no line has mentioned yet, now (at the worker's close). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.tell(true);
  }

  private tell(now = false): void {
    if (this.unreported === 0) return;
    if (!now && this.now() - this.loggedAt < FAILURE_LOG_EVERY_MS) return this.tellLater();
    const count = plural(this.unreported, 'failure');
    if (this.lastOk) {
      this.log.info(`events: ${this.what} failed again, ${count} since the last report, and works again`);
      this.reported = false;
      this.failures = 0;
    } else {
      this.log.error(`events: ${this.what} failed (${count} since the last report; logged at most once a minute while it fails)`);
      this.reported = true;
    }
    this.loggedAt = this.now();
    this.unreported = 0;
  }

  private tellLater(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.tell();
    }, Math.max(0, this.loggedAt + FAILURE_LOG_EVERY_MS - this.now()));
    // A log line owed is no reason to keep the process alive.
    this.timer.unref?.();
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What became of one delivery (or of a cron run missed beyond its tolerance), to be recorded. */
interface Outcome {
  kind: 'table' | 'cron' | 'oneoff';
  id: string;
  trigger?: string;
  /** Tries made, this one included. */
  tries: number;
  /** Tries as fetched: the outcome is recorded only if the event still has them (below). */
  fetchedTries: number;
  status: 'delivered' | 'retry' | 'error' | 'dead';
  next: string | null;
  log?: DeliveryResult;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function failure(message: string): DeliveryResult {
  return { ok: false, status: null, retryAfterSec: null, request: null, response: { type: 'client_error', data: { message }, version: '2' } };
}

/** JSON for the log columns: no NUL characters and no broken surrogate pairs (json and jsonb refuse both). */
function toJson(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'string' ? x.split('\u0000').join('').replace(LONE_SURROGATE, '\uFFFD') : x));
}

/** When the next try is due, or null when the retries are used up. */
function nextTry(tries: number, retry: RetryConf, result: DeliveryResult): Date | null {
  if (tries > retry.numRetries) return null;
  const wait = result.retryAfterSec ?? retry.intervalSec;
  return new Date(Date.now() + wait * 1000);
}

export class EventWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private nudged = false;
  private nudgedWhileRunning = false;
  /** Cron and one-off events are due by the minute: looked for at most once per poll interval. */
  private lastScheduledCheck = 0;
  private stopped = true;
  private lastCronTopUp = 0;
  private inFlight = 0;
  private pending: Outcome[] = [];
  private flushing: Promise<void> | null = null;
  /** Server Postgres: the events lock while this worker delivers (null: standing by, or PGlite). */
  private lock: HeldLock | null = null;
  private standbyTimer: NodeJS.Timeout | null = null;
  private taking: Promise<boolean> | null = null;
  /**
   * Whether the last attempt found the events lock free. A standing-by worker takes a lock only
   * free at two attempts in a row: a holder whose lock connection merely blipped takes it back at
   * once (lockLost), and its deliveries in flight are not sent a second time by the taker.
   */
  private sawLockFree = true;
  /** Until when a worker whose lock's connection ended tries to take it back, every 100 ms, without that rule. */
  private reclaimUntil = 0;
  /** Attempts at the events lock, and delivery rounds, that failed in a row (logged sparingly). */
  private readonly lockFailures: FailureStreak;
  private readonly roundFailures: FailureStreak;
  /** Events this worker has locked and not yet recorded ("kind:id"): never released by its own lead(). */
  private readonly held = new Set<string>();
  /** Delivering: PGlite from the start, a server Postgres while the events lock is held. */
  private leading = false;
  private readonly triggers: Map<string, EventTrigger>;
  private readonly crons: Map<string, CronTrigger>;

  constructor(
    private readonly db: Db,
    config: EventsConfig,
    private readonly env: Env,
    private readonly log: Log,
    private readonly opts: WorkerOptions = DEFAULT_WORKER_OPTIONS,
  ) {
    this.lockFailures = new FailureStreak('taking the events lock', log);
    this.roundFailures = new FailureStreak('an event delivery round', log);
    this.triggers = new Map(config.triggers.map((t) => [t.name, t]));
    this.crons = new Map(config.crons.map((c) => [c.name, c]));
  }

  async start(): Promise<void> {
    this.stopped = false;
    if (!this.db.tryLock) return this.lead();
    // (Not taken, but held: the lock's connection blipped during the start and lockLost took it back.)
    if (!(await this.takeLock()) && !this.lock) {
      this.log.info('events: another backend delivers this database\'s events; this one stands by and takes over when it stops');
      this.standBy();
    }
  }

  /** Takes the events lock and starts delivering; false when another worker holds it. */
  private takeLock(): Promise<boolean> {
    // close() waits for an attempt under way, so a lock taken meanwhile is released, not kept.
    const taking = this.tryToLead().finally(() => {
      if (this.taking === taking) this.taking = null;
    });
    this.taking = taking;
    return taking;
  }

  private async tryToLead(): Promise<boolean> {
    const reclaiming = Date.now() < this.reclaimUntil;
    const lock = await this.db.tryLock!(EVENTS_LOCK_KEY);
    if (!lock) {
      if (!reclaiming) this.sawLockFree = false;
      return false;
    }
    if (this.stopped || (!this.sawLockFree && !reclaiming)) {
      // Free just now after being held: its holder may be taking it back (see sawLockFree).
      this.sawLockFree = true;
      await lock.release();
      return false;
    }
    this.lock = lock;
    void lock.lost.then(() => this.lockLost(lock));
    try {
      await this.lead(lock);
    } catch (e) {
      // Not delivering, so not holding: the next attempt (or another worker) starts afresh.
      if (this.lock === lock) this.lock = null;
      await lock.release();
      throw e;
    }
    return this.lock === lock;
  }

  /** Tries for the lock now (`delayMs` 0) or after a while, and again until it is taken. */
  private standBy(delayMs = STANDBY_RETRY_MS): void {
    if (this.stopped || this.standbyTimer) return;
    this.standbyTimer = setTimeout(() => {
      this.standbyTimer = null;
      this.takeLock()
        .then(
          (taken) => {
            this.lockFailures.over();
            return taken;
          },
          (e: unknown) => {
            this.lockFailures.failed(e);
            return false;
          },
        )
        .then((taken) => {
          if (!taken && !this.lock) this.standBy(Date.now() < this.reclaimUntil ? 100 : STANDBY_RETRY_MS);
        });
    }, delayMs);
  }

  /**
   * The lock's connection ended: another worker may hold it now, so this one starts no more
   * deliveries (those in flight finish and are recorded) and stands by again.
   */
  private lockLost(lock: HeldLock): void {
    if (this.lock !== lock) return;
    this.lock = null;
    if (this.stopped) return;
    this.log.warn('events: the connection holding the events lock ended; delivery stops until the lock is taken again');
    this.leading = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // At once and often: a standing-by worker takes the lock only when it finds it free twice, 2 s
    // apart, so after a blip this worker keeps delivering, and what it has in flight goes out once.
    this.reclaimUntil = Date.now() + STANDBY_RETRY_MS;
    this.standBy(0);
  }

  /** Starts delivering: PGlite at the start, a server Postgres once `lock` is taken. */
  private async lead(lock?: HeldLock): Promise<void> {
    // A round under way may have locked events whose answer has not come back yet: once it is
    // over, they are this worker's (held) and keep their locks.
    await this.running;
    // Locks belong to the worker that delivered before, which is gone (or, after a blip of its
    // lock's connection, this one: its own deliveries in flight keep theirs): they go out again.
    await this.db.query('UPDATE hdb_catalog.event_log SET locked = NULL WHERE locked IS NOT NULL AND delivered = false AND error = false AND NOT (id = ANY($1::text[]))', [this.heldIds('table')]);
    await this.db.query(`UPDATE hdb_catalog.hdb_cron_events SET status = 'scheduled' WHERE status = 'locked' AND NOT (id = ANY($1::text[]))`, [this.heldIds('cron')]);
    await this.db.query(`UPDATE hdb_catalog.hdb_scheduled_events SET status = 'scheduled' WHERE status = 'locked' AND NOT (id = ANY($1::text[]))`, [this.heldIds('oneoff')]);
    // Scheduled runs of cron triggers no longer in the metadata are dropped, as Hasura drops them.
    await this.db.query(`DELETE FROM hdb_catalog.hdb_cron_events WHERE status = 'scheduled' AND NOT (trigger_name = ANY($1::text[]))`, [[...this.crons.keys()]]);
    // The lock's connection may have ended meanwhile (lockLost ran): then this worker stands by.
    if (lock && this.lock !== lock) return;
    this.leading = true;
    this.wake();
  }

  /**
   * After a write that may have queued events: a round soon (within `nudgeMs`), not at once, so the
   * events of a burst of writes go out together and the writes do not pay a round each.
   */
  nudge(): void {
    if (this.stopped || !this.leading) return;
    if (this.running) {
      this.nudgedWhileRunning = true;
      return;
    }
    if (this.nudged) return;
    this.nudged = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), this.opts.nudgeMs);
  }

  /** Asks for a round now. */
  wake(): void {
    this.nudged = false;
    if (this.stopped || !this.leading) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.round().finally(() => {
      this.running = null;
      if (this.stopped || !this.leading) return;
      const nudged = this.nudgedWhileRunning;
      this.nudgedWhileRunning = false;
      if (this.again) {
        this.again = false;
        this.wake();
      } else if (nudged) this.nudge();
      else this.timer = setTimeout(() => this.wake(), this.opts.fetchIntervalMs);
    });
  }

  /**
   * Stops fetching; deliveries in flight get a few seconds to finish and be recorded. Whatever is
   * still out after that stays locked and is sent again at the next start.
   */
  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.standbyTimer) clearTimeout(this.standbyTimer);
    // Cleared for a start after this close: standBy() waits only while a timer is set.
    this.standbyTimer = null;
    await this.taking?.catch(() => undefined);
    await this.running;
    const end = Date.now() + CLOSE_GRACE_MS;
    while (this.inFlight > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await this.flush();
    // Only now may a standing-by worker take over: what went out is recorded.
    const lock = this.lock;
    this.lock = null;
    await lock?.release();
    this.lockFailures.close();
    this.roundFailures.close();
  }

  private async round(): Promise<void> {
    try {
      if (this.opts.crons && Date.now() - this.lastCronTopUp > 60_000) {
        await this.topUpCronEvents();
        this.lastCronTopUp = Date.now();
      }
      let busy = await this.tableEvents();
      let whole = false;
      if ((this.oneOffMaybe && this.lastScheduledCheck === 0) || Date.now() - this.lastScheduledCheck >= this.opts.fetchIntervalMs) {
        this.lastScheduledCheck = Date.now();
        busy |= (await this.cronEvents()) | (await this.scheduledEvents());
        whole = true;
      }
      // A full batch means more may be waiting: go again at once.
      if (busy) this.again = true;
      // Rounds work again only when one did all its parts (a nudged round may skip the scheduled ones).
      if (whole) this.roundFailures.over();
    } catch (e) {
      this.roundFailures.failed(e);
    }
  }

  private send(webhook: Unresolved, headers: HeaderMeta[], payload: unknown, timeoutSec: number): Promise<DeliveryResult> {
    let url: string;
    let h: Record<string, string>;
    try {
      const env = this.env();
      url = resolveWebhook(webhook, env);
      h = resolveHeaders(headers, env);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      return Promise.resolve({ ok: false, status: null, retryAfterSec: null, request: { payload, version: '2' }, response: { type: 'client_error', data: { message }, version: '2' } });
    }
    return deliver(url, h, payload, timeoutSec);
  }

  // ---- deliveries in flight, outcomes recorded in batches ----

  /**
   * Starts one delivery without waiting for it: a slow webhook holds only its own slot of the
   * pool, never the other events (or the next fetch). Its outcome joins the next recorded batch.
   */
  private launch(item: Omit<Outcome, 'status' | 'next' | 'log' | 'tries' | 'fetchedTries'> & { tries: number }, retry: RetryConf, run: () => Promise<DeliveryResult>): void {
    this.inFlight++;
    this.held.add(`${item.kind}:${item.id}`);
    run()
      .catch((e: unknown) => failure(e instanceof Error ? e.message : String(e)))
      .then((log) => {
        const retryAt = log.ok ? null : nextTry(item.tries + 1, retry, log);
        this.pending.push({ ...item, fetchedTries: item.tries, tries: item.tries + 1, status: log.ok ? 'delivered' : retryAt ? 'retry' : 'error', next: retryAt?.toISOString() ?? null, log });
      })
      .finally(() => {
        this.inFlight--;
        void this.flush();
      });
  }

  private flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = (async () => {
      while (this.pending.length) {
        const batch = this.pending.splice(0);
        try {
          await this.record(batch);
          this.drop(batch);
        } catch (e) {
          // An outcome that cannot be logged as it came (odd bytes from a webhook) is recorded
          // without its log; if even that fails the events are unlocked and sent again.
          this.log.error('recording event deliveries failed', e);
          try {
            await this.record(batch.map((o) => ({ ...o, log: o.log && { ...o.log, request: null, response: { type: 'client_error', data: { message: 'the webhook answer could not be logged' }, version: '2' } } })));
          } catch (e2) {
            this.log.error('recording event deliveries failed again; they will be sent again', e2);
            await this.release(batch).catch((e3: unknown) => this.log.error('releasing event locks failed', e3));
          }
          // Recorded, released, or left locked for the next leader's start: no longer this worker's.
          this.drop(batch);
        }
      }
    })().finally(() => {
      this.flushing = null;
      if (this.pending.length) void this.flush();
      else this.nudge();
    });
    return this.flushing;
  }

  /** Whether this worker has the table event `id` (a call out, or its outcome not recorded yet). */
  holds(id: string): boolean {
    return this.held.has(`table:${id}`);
  }

  /** The ids of the events of `kind` this worker has locked and not yet recorded. */
  private heldIds(kind: Outcome['kind']): string[] {
    return [...this.held].filter((k) => k.startsWith(`${kind}:`)).map((k) => k.slice(kind.length + 1));
  }

  private drop(batch: Outcome[]): void {
    for (const o of batch) this.held.delete(`${o.kind}:${o.id}`);
  }

  /**
   * Records outcomes. An event's tries (and, for table events, not yet delivered or failed) must be
   * as this worker fetched them: after a takeover (its lock's connection gone for good) another
   * worker may have sent the event again and recorded that; a late answer here is logged as a try
   * but changes nothing, so a delivered event is never set back to be sent again. (An outcome that
   * comes after the taker unlocked the event, before its fetch, is recorded: the taker then finds
   * it delivered and does not send it twice; eventsLock.attack3.postgres.test.ts.)
   */
  private async record(batch: Outcome[]): Promise<void> {
    const of = (kind: Outcome['kind']) => batch.filter((o) => o.kind === kind);
    await this.db.transaction(async (tx) => {
      const table = of('table');
      if (table.length) {
        await tx.query(
          `INSERT INTO hdb_catalog.event_invocation_logs (trigger_name, event_id, status, request, response)
           SELECT x.trigger_name, x.event_id, x.status, x.request, x.response FROM jsonb_to_recordset($1::jsonb) AS x(trigger_name text, event_id text, status int, request json, response json)`,
          [toJson(table.map((o) => ({ trigger_name: o.trigger, event_id: o.id, status: o.log?.status ?? 1000, request: o.log?.request ?? null, response: o.log?.response ?? null })))],
        );
        await tx.query(
          `UPDATE hdb_catalog.event_log AS l SET delivered = x.delivered, error = x.error, tries = x.tries, locked = NULL,
             next_retry_at = (x.next_retry_at AT TIME ZONE 'UTC')
           FROM jsonb_to_recordset($1::jsonb) AS x(id text, delivered boolean, error boolean, tries int, fetched_tries int, next_retry_at timestamptz)
           WHERE l.id = x.id AND l.tries = x.fetched_tries AND NOT l.delivered AND NOT l.error`,
          [toJson(table.map((o) => ({ id: o.id, delivered: o.status === 'delivered', error: o.status === 'error', tries: o.tries, fetched_tries: o.fetchedTries, next_retry_at: o.next })))],
        );
      }
      for (const [kind, events, logs] of [['cron', 'hdb_cron_events', 'hdb_cron_event_invocation_logs'], ['oneoff', 'hdb_scheduled_events', 'hdb_scheduled_event_invocation_logs']] as const) {
        const rows = of(kind);
        if (!rows.length) continue;
        const logged = rows.filter((o) => o.log);
        if (logged.length) {
          await tx.query(
            `INSERT INTO hdb_catalog.${logs} (event_id, status, request, response)
             SELECT x.event_id, x.status, x.request, x.response FROM jsonb_to_recordset($1::jsonb) AS x(event_id text, status int, request json, response json)`,
            [toJson(logged.map((o) => ({ event_id: o.id, status: o.log?.status ?? 1000, request: o.log?.request ?? null, response: o.log?.response ?? null })))],
          );
        }
        await tx.query(
          `UPDATE hdb_catalog.${events} AS e SET status = x.status, tries = x.tries, next_retry_at = x.next
           FROM jsonb_to_recordset($1::jsonb) AS x(id text, status text, tries int, fetched_tries int, next timestamptz)
           WHERE e.id = x.id AND e.tries = x.fetched_tries AND e.status IN ('scheduled', 'locked')`,
          [toJson(rows.map((o) => ({ id: o.id, status: o.status === 'retry' ? 'scheduled' : o.status, tries: o.tries, fetched_tries: o.fetchedTries, next: o.next })))],
        );
      }
    });
  }

  /** Unlocks events whose outcome could not be recorded: they go out again. */
  private async release(batch: Outcome[]): Promise<void> {
    const ids = (kind: Outcome['kind']) => batch.filter((o) => o.kind === kind).map((o) => o.id);
    await this.db.query('UPDATE hdb_catalog.event_log SET locked = NULL WHERE id = ANY($1::text[])', [ids('table')]);
    await this.db.query(`UPDATE hdb_catalog.hdb_cron_events SET status = 'scheduled' WHERE status = 'locked' AND id = ANY($1::text[])`, [ids('cron')]);
    await this.db.query(`UPDATE hdb_catalog.hdb_scheduled_events SET status = 'scheduled' WHERE status = 'locked' AND id = ANY($1::text[])`, [ids('oneoff')]);
  }

  /** How many more deliveries may start now. */
  private free(): number {
    return Math.min(this.opts.batchSize, Math.max(0, this.opts.concurrency - this.inFlight));
  }

  // ---- table events ----

  private async tableEvents(): Promise<number> {
    const limit = this.free();
    if (!this.triggers.size || !limit || !this.leading) return 0;
    const r = await this.db.query<{ id: string; schema_name: string; table_name: string; trigger_name: string; payload: unknown; tries: number; created_at: string }>(
      `UPDATE hdb_catalog.event_log SET locked = now()
       WHERE id IN (SELECT l.id FROM hdb_catalog.event_log l
         WHERE l.delivered = false AND l.error = false AND l.archived = false
           AND (l.locked IS NULL OR l.locked < now() - $3::interval)
           AND (l.next_retry_at IS NULL OR l.next_retry_at <= (now() AT TIME ZONE 'UTC')) AND l.trigger_name = ANY($2::text[])
           AND NOT (l.id = ANY($4::text[]))
         ORDER BY l.created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, schema_name, table_name, trigger_name, payload, tries, to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_at`,
      // Not the events this worker still has (a call out for over 30 minutes, or an outcome not
      // recorded yet): never sent twice, and their lock left as it is (a redelivery's reset among it).
      [limit, [...this.triggers.keys()], EVENT_LOCK_EXPIRY, this.heldIds('table')],
    );
    for (const e of r.rows) {
      const trigger = this.triggers.get(e.trigger_name) as EventTrigger;
      const event = typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload;
      const body = {
        event, created_at: e.created_at, id: e.id,
        delivery_info: { max_retries: trigger.retry.numRetries, current_retry: e.tries },
        trigger: { name: trigger.name }, table: { schema: e.schema_name, name: e.table_name },
      };
      this.launch({ kind: 'table', id: e.id, trigger: trigger.name, tries: e.tries }, trigger.retry, () => this.send(trigger.webhook, trigger.headers, body, trigger.retry.timeoutSec));
    }
    return r.rows.length >= limit ? 1 : 0;
  }

  // ---- cron and one-off events ----

  /** Keeps the next runs of every cron trigger in hdb_cron_events, as Hasura's generator does. */
  async topUpCronEvents(): Promise<void> {
    for (const c of this.crons.values()) {
      const r = await this.db.query<{ n: string; last: string | null }>(
        `SELECT count(*)::text AS n, max(scheduled_time)::text AS last FROM hdb_catalog.hdb_cron_events WHERE trigger_name = $1 AND scheduled_time > now()`, [c.name],
      );
      const have = Number(r.rows[0].n);
      if (have >= this.opts.cronLookahead / 2) continue;
      const from = r.rows[0].last ? new Date(r.rows[0].last) : new Date();
      const times = nextRuns(c.schedule, from, this.opts.cronLookahead - have);
      if (!times.length) continue;
      await this.db.query(
        `INSERT INTO hdb_catalog.hdb_cron_events (trigger_name, scheduled_time) SELECT $1, t FROM unnest($2::timestamptz[]) AS t ON CONFLICT DO NOTHING`,
        [c.name, `{${times.map((t) => `"${t.toISOString()}"`).join(',')}}`],
      );
    }
  }

  private async cronEvents(): Promise<number> {
    const limit = this.free();
    if (!this.opts.crons || !this.crons.size || !limit || !this.leading) return 0;
    const r = await this.db.query<{ id: string; trigger_name: string; scheduled_time: string; tries: number }>(
      `UPDATE hdb_catalog.hdb_cron_events SET status = 'locked'
       WHERE id IN (SELECT id FROM hdb_catalog.hdb_cron_events WHERE status = 'scheduled' AND scheduled_time <= now()
         AND (next_retry_at IS NULL OR next_retry_at <= now()) AND trigger_name = ANY($2::text[])
         ORDER BY scheduled_time LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, trigger_name, to_char(scheduled_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS scheduled_time, tries`,
      [limit, [...this.crons.keys()]],
    );
    for (const e of r.rows) {
      const c = this.crons.get(e.trigger_name) as CronTrigger;
      // A run missed by more than the tolerance (the backend was down) is not sent late: it is dead.
      if (e.tries === 0 && Date.now() - Date.parse(e.scheduled_time) > c.retry.toleranceSec * 1000) {
        this.held.add(`cron:${e.id}`);
        this.pending.push({ kind: 'cron', id: e.id, trigger: c.name, tries: e.tries, fetchedTries: e.tries, status: 'dead', next: null });
        continue;
      }
      const payload = { scheduled_time: e.scheduled_time, payload: c.payload, name: c.name, id: e.id, comment: c.comment };
      this.launch({ kind: 'cron', id: e.id, trigger: c.name, tries: e.tries }, c.retry, () => this.send(c.webhook, c.headers, payload, c.retry.timeoutSec));
    }
    void this.flush();
    return r.rows.length >= limit ? 1 : 0;
  }

  /** One-off events exist only through the metadata API; poll for them only when there may be some. */
  private oneOffMaybe = true;

  /** A one-off event was created: look for due ones again. */
  expectOneOff(): void {
    this.oneOffMaybe = true;
    this.lastScheduledCheck = 0;
    this.wake();
  }

  private async scheduledEvents(): Promise<number> {
    // On a server Postgres another backend may have created one (its metadata API woke only its own
    // worker): looked for every poll there.
    if (!this.leading || (!this.oneOffMaybe && !this.db.tryLock)) return 0;
    const pending = await this.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM hdb_catalog.hdb_scheduled_events WHERE status IN ('scheduled', 'locked')`);
    if (pending.rows[0].n === '0') {
      this.oneOffMaybe = false;
      return 0;
    }
    const limit = this.free();
    if (!limit) return 0;
    const r = await this.db.query<{ id: string; webhook_conf: Unresolved; header_conf: HeaderMeta[] | null; retry_conf: Partial<RetryConf> | null; payload: unknown; scheduled_time: string; tries: number; comment: string | null }>(
      `UPDATE hdb_catalog.hdb_scheduled_events SET status = 'locked'
       WHERE id IN (SELECT id FROM hdb_catalog.hdb_scheduled_events WHERE status = 'scheduled' AND scheduled_time <= now()
         AND (next_retry_at IS NULL OR next_retry_at <= now()) ORDER BY scheduled_time LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, webhook_conf, header_conf, retry_conf, payload, to_char(scheduled_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS scheduled_time, tries, comment`,
      [limit],
    );
    const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
    for (const e of r.rows) {
      const rc = parse<RetryConf & { toleranceSec: number } | null>(e.retry_conf) ?? { numRetries: 0, intervalSec: 10, timeoutSec: 60, toleranceSec: 21_600 };
      if (e.tries === 0 && Date.now() - Date.parse(e.scheduled_time) > rc.toleranceSec * 1000) {
        this.held.add(`oneoff:${e.id}`);
        this.pending.push({ kind: 'oneoff', id: e.id, tries: e.tries, fetchedTries: e.tries, status: 'dead', next: null });
        continue;
      }
      const payload = { scheduled_time: e.scheduled_time, payload: parse(e.payload), id: e.id, comment: e.comment };
      this.launch({ kind: 'oneoff', id: e.id, tries: e.tries }, rc, () => this.send(parse<Unresolved>(e.webhook_conf), parse<HeaderMeta[] | null>(e.header_conf) ?? [], payload, rc.timeoutSec));
    }
    void this.flush();
    return r.rows.length >= limit ? 1 : 0;
  }
}
