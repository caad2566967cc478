// Delivers what the database holds to deliver: table events (hdb_catalog.event_log), cron events
// and one-off scheduled events, the way Hasura's processors do: fetch a batch and lock it, POST each
// (many at once), record every try in the invocation log and the outcome on the event in one
// transaction, retry by the trigger's retry_conf. Nothing here runs inside a GraphQL request, so a
// slow or failing webhook never holds one up. The data folder has one owner, so locks left by a
// killed process are released at start and those events go out again.
import type { Db } from '../db';
import { resolveHeaders, resolveWebhook, type CronTrigger, type EventsConfig, type EventTrigger, type RetryConf, type Unresolved } from './config';
import { nextRuns } from './cron';
import { deliver, type DeliveryResult } from './deliver';
import type { HeaderMeta } from '../graphql/metadata';

export interface WorkerOptions {
  /** How often the log is polled when idle (Hasura: HASURA_GRAPHQL_EVENTS_FETCH_INTERVAL, 1 s). */
  fetchIntervalMs: number;
  /** Events fetched and locked at once (Hasura: HASURA_GRAPHQL_EVENTS_FETCH_BATCH_SIZE, 100). */
  batchSize: number;
  /** Webhook calls in flight at once (Hasura: HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE, 100). */
  concurrency: number;
  /** Future runs kept scheduled per cron trigger (Hasura keeps 100). */
  cronLookahead: number;
  /** How soon after a write its events are looked for. */
  nudgeMs: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = { fetchIntervalMs: 1000, batchSize: 100, concurrency: 100, cronLookahead: 100, nudgeMs: 50 };

type Env = () => Record<string, string | undefined>;
type Log = { info(m: string): void; warn(m: string): void; error(m: string, e?: unknown): void };

interface Outcome {
  id: string;
  result: DeliveryResult;
}

/** When the next try is due, or null when the retries are used up. */
function nextTry(tries: number, retry: RetryConf, result: DeliveryResult): Date | null {
  if (tries > retry.numRetries) return null;
  const wait = result.retryAfterSec ?? retry.intervalSec;
  return new Date(Date.now() + wait * 1000);
}

async function inPool<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let i = 0;
  const lanes = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (i < items.length) await run(items[i++]);
  });
  await Promise.all(lanes);
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
  private readonly triggers: Map<string, EventTrigger>;
  private readonly crons: Map<string, CronTrigger>;

  constructor(
    private readonly db: Db,
    config: EventsConfig,
    private readonly env: Env,
    private readonly log: Log,
    private readonly opts: WorkerOptions = DEFAULT_WORKER_OPTIONS,
  ) {
    this.triggers = new Map(config.triggers.map((t) => [t.name, t]));
    this.crons = new Map(config.crons.map((c) => [c.name, c]));
  }

  async start(): Promise<void> {
    // Locks belong to this folder's previous owner, which is gone: its events go out again.
    await this.db.query('UPDATE hdb_catalog.event_log SET locked = NULL WHERE locked IS NOT NULL AND delivered = false AND error = false');
    await this.db.query(`UPDATE hdb_catalog.hdb_cron_events SET status = 'scheduled' WHERE status = 'locked'`);
    await this.db.query(`UPDATE hdb_catalog.hdb_scheduled_events SET status = 'scheduled' WHERE status = 'locked'`);
    // Scheduled runs of cron triggers no longer in the metadata are dropped, as Hasura drops them.
    await this.db.query(`DELETE FROM hdb_catalog.hdb_cron_events WHERE status = 'scheduled' AND NOT (trigger_name = ANY($1::text[]))`, [[...this.crons.keys()]]);
    this.stopped = false;
    this.wake();
  }

  /**
   * After a write that may have queued events: a round soon (within `nudgeMs`), not at once, so the
   * events of a burst of writes go out together and the writes do not pay a round each.
   */
  nudge(): void {
    if (this.stopped) return;
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
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.round().finally(() => {
      this.running = null;
      if (this.stopped) return;
      const nudged = this.nudgedWhileRunning;
      this.nudgedWhileRunning = false;
      if (this.again) {
        this.again = false;
        this.wake();
      } else if (nudged) this.nudge();
      else this.timer = setTimeout(() => this.wake(), this.opts.fetchIntervalMs);
    });
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private async round(): Promise<void> {
    try {
      if (Date.now() - this.lastCronTopUp > 60_000) {
        await this.topUpCronEvents();
        this.lastCronTopUp = Date.now();
      }
      let busy = await this.tableEvents();
      if ((this.oneOffMaybe && this.lastScheduledCheck === 0) || Date.now() - this.lastScheduledCheck >= this.opts.fetchIntervalMs) {
        this.lastScheduledCheck = Date.now();
        busy |= (await this.cronEvents()) | (await this.scheduledEvents());
      }
      // A full batch means more may be waiting: go again at once.
      if (busy) this.again = true;
    } catch (e) {
      this.log.error('event delivery round failed', e);
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

  // ---- table events ----

  private async tableEvents(): Promise<number> {
    if (!this.triggers.size) return 0;
    const r = await this.db.query<{ id: string; schema_name: string; table_name: string; trigger_name: string; payload: unknown; tries: number; created_at: string }>(
      `UPDATE hdb_catalog.event_log SET locked = now()
       WHERE id IN (SELECT l.id FROM hdb_catalog.event_log l
         WHERE l.delivered = false AND l.error = false AND l.archived = false AND l.locked IS NULL
           AND (l.next_retry_at IS NULL OR l.next_retry_at <= (now() AT TIME ZONE 'UTC')) AND l.trigger_name = ANY($2::text[])
         ORDER BY l.created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, schema_name, table_name, trigger_name, payload, tries, to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_at`,
      [this.opts.batchSize, [...this.triggers.keys()]],
    );
    if (!r.rows.length) return 0;
    const outcomes: (Outcome & { trigger: EventTrigger; tries: number })[] = [];
    await inPool(r.rows, this.opts.concurrency, async (e) => {
      const trigger = this.triggers.get(e.trigger_name) as EventTrigger;
      const event = typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload;
      const body = {
        event, created_at: e.created_at, id: e.id,
        delivery_info: { max_retries: trigger.retry.numRetries, current_retry: e.tries },
        trigger: { name: trigger.name }, table: { schema: e.schema_name, name: e.table_name },
      };
      const result = await this.send(trigger.webhook, trigger.headers, body, trigger.retry.timeoutSec);
      outcomes.push({ id: e.id, result, trigger, tries: e.tries + 1 });
    });
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO hdb_catalog.event_invocation_logs (trigger_name, event_id, status, request, response)
         SELECT x.trigger_name, x.event_id, x.status, x.request, x.response FROM jsonb_to_recordset($1::jsonb) AS x(trigger_name text, event_id text, status int, request json, response json)`,
        [JSON.stringify(outcomes.map((o) => ({ trigger_name: o.trigger.name, event_id: o.id, status: o.result.status ?? 1000, request: o.result.request, response: o.result.response })))],
      );
      const rows = outcomes.map((o) => {
        const retryAt = o.result.ok ? null : nextTry(o.tries, o.trigger.retry, o.result);
        return { id: o.id, delivered: o.result.ok, error: !o.result.ok && !retryAt, next_retry_at: retryAt?.toISOString() ?? null };
      });
      await tx.query(
        `UPDATE hdb_catalog.event_log AS l SET delivered = x.delivered, error = x.error, tries = l.tries + 1, locked = NULL,
           next_retry_at = (x.next_retry_at AT TIME ZONE 'UTC')
         FROM jsonb_to_recordset($1::jsonb) AS x(id text, delivered boolean, error boolean, next_retry_at timestamptz) WHERE l.id = x.id`,
        [JSON.stringify(rows)],
      );
    });
    return r.rows.length >= this.opts.batchSize ? 1 : 0;
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
    if (!this.crons.size) return 0;
    const r = await this.db.query<{ id: string; trigger_name: string; scheduled_time: string; tries: number }>(
      `UPDATE hdb_catalog.hdb_cron_events SET status = 'locked'
       WHERE id IN (SELECT id FROM hdb_catalog.hdb_cron_events WHERE status = 'scheduled' AND scheduled_time <= now()
         AND (next_retry_at IS NULL OR next_retry_at <= now()) AND trigger_name = ANY($2::text[])
         ORDER BY scheduled_time LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, trigger_name, to_char(scheduled_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS scheduled_time, tries`,
      [this.opts.batchSize, [...this.crons.keys()]],
    );
    if (!r.rows.length) return 0;
    const results: { id: string; status: string; tries: number; next: string | null; log?: DeliveryResult }[] = [];
    await inPool(r.rows, this.opts.concurrency, async (e) => {
      const c = this.crons.get(e.trigger_name) as CronTrigger;
      // A run missed by more than the tolerance (the backend was down) is not sent late: it is dead.
      if (e.tries === 0 && Date.now() - Date.parse(e.scheduled_time) > c.retry.toleranceSec * 1000) {
        results.push({ id: e.id, status: 'dead', tries: e.tries, next: null });
        return;
      }
      const payload = { scheduled_time: e.scheduled_time, payload: c.payload, name: c.name, id: e.id, comment: c.comment };
      const res = await this.send(c.webhook, c.headers, payload, c.retry.timeoutSec);
      const retryAt = res.ok ? null : nextTry(e.tries + 1, c.retry, res);
      results.push({ id: e.id, status: res.ok ? 'delivered' : retryAt ? 'scheduled' : 'error', tries: e.tries + 1, next: retryAt?.toISOString() ?? null, log: res });
    });
    await this.recordScheduled('hdb_cron_events', 'hdb_cron_event_invocation_logs', results);
    return r.rows.length >= this.opts.batchSize ? 1 : 0;
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
    if (!this.oneOffMaybe) return 0;
    const pending = await this.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM hdb_catalog.hdb_scheduled_events WHERE status IN ('scheduled', 'locked')`);
    if (pending.rows[0].n === '0') {
      this.oneOffMaybe = false;
      return 0;
    }
    const r = await this.db.query<{ id: string; webhook_conf: Unresolved; header_conf: HeaderMeta[] | null; retry_conf: Partial<RetryConf> | null; payload: unknown; scheduled_time: string; tries: number; comment: string | null }>(
      `UPDATE hdb_catalog.hdb_scheduled_events SET status = 'locked'
       WHERE id IN (SELECT id FROM hdb_catalog.hdb_scheduled_events WHERE status = 'scheduled' AND scheduled_time <= now()
         AND (next_retry_at IS NULL OR next_retry_at <= now()) ORDER BY scheduled_time LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, webhook_conf, header_conf, retry_conf, payload, to_char(scheduled_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS scheduled_time, tries, comment`,
      [this.opts.batchSize],
    );
    if (!r.rows.length) return 0;
    const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
    const results: { id: string; status: string; tries: number; next: string | null; log?: DeliveryResult }[] = [];
    await inPool(r.rows, this.opts.concurrency, async (e) => {
      const rc = parse<RetryConf & { toleranceSec: number } | null>(e.retry_conf) ?? { numRetries: 0, intervalSec: 10, timeoutSec: 60, toleranceSec: 21_600 };
      if (e.tries === 0 && Date.now() - Date.parse(e.scheduled_time) > rc.toleranceSec * 1000) {
        results.push({ id: e.id, status: 'dead', tries: e.tries, next: null });
        return;
      }
      const payload = { scheduled_time: e.scheduled_time, payload: parse(e.payload), id: e.id, comment: e.comment };
      const res = await this.send(parse<Unresolved>(e.webhook_conf), parse<HeaderMeta[] | null>(e.header_conf) ?? [], payload, rc.timeoutSec);
      const retryAt = res.ok ? null : nextTry(e.tries + 1, rc, res);
      results.push({ id: e.id, status: res.ok ? 'delivered' : retryAt ? 'scheduled' : 'error', tries: e.tries + 1, next: retryAt?.toISOString() ?? null, log: res });
    });
    await this.recordScheduled('hdb_scheduled_events', 'hdb_scheduled_event_invocation_logs', results);
    return r.rows.length >= this.opts.batchSize ? 1 : 0;
  }

  private async recordScheduled(table: string, logTable: string, results: { id: string; status: string; tries: number; next: string | null; log?: DeliveryResult }[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const logs = results.filter((x) => x.log).map((x) => ({ event_id: x.id, status: x.log!.status ?? 1000, request: x.log!.request, response: x.log!.response }));
      if (logs.length) {
        await tx.query(
          `INSERT INTO hdb_catalog.${logTable} (event_id, status, request, response)
           SELECT x.event_id, x.status, x.request, x.response FROM jsonb_to_recordset($1::jsonb) AS x(event_id text, status int, request json, response json)`,
          [JSON.stringify(logs)],
        );
      }
      await tx.query(
        `UPDATE hdb_catalog.${table} AS e SET status = x.status, tries = x.tries, next_retry_at = x.next
         FROM jsonb_to_recordset($1::jsonb) AS x(id text, status text, tries int, next timestamptz) WHERE e.id = x.id`,
        [JSON.stringify(results.map(({ id, status, tries, next }) => ({ id, status, tries, next })))],
      );
    });
  }
}
