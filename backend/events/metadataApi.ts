// The event parts of Hasura's metadata API (POST /v1/metadata, admin secret only): invoke a
// trigger by hand, schedule a one-off event, read and re-send the event log. Bodies, answers and
// errors have Hasura's shapes ({type, args}; errors {path, error, code} with status 400).
import express from 'express';
import { isPgError, type Db } from '../db';
import { safeEqual } from '../secrets';
import type { EventsConfig } from './config';
import { EVENT_LOCK_EXPIRY } from './worker';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const MAX_TIME = Date.UTC(9999, 11, 31);

class ApiError extends Error {
  constructor(readonly code: string, message: string, readonly status = 400, readonly path = '$.args') {
    super(message);
  }
}

type Args = Record<string, unknown>;
type Handler = (args: Args) => Promise<unknown>;

const str = (args: Args, key: string, required = true): string | undefined => {
  const v = args[key];
  if (v === undefined || v === null) {
    if (required) throw new ApiError('parse-failed', `When parsing the args, key "${key}" not found`, 400, `$.args.${key}`);
    return undefined;
  }
  if (typeof v !== 'string') throw new ApiError('parse-failed', `expected String for "${key}"`, 400, `$.args.${key}`);
  return v;
};
const int = (args: Args, key: string, fallback: number, max = 1000): number => {
  const v = args[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) throw new ApiError('parse-failed', `"${key}" must be an integer from 0 to ${max}`, 400, `$.args.${key}`);
  return v;
};

export function metadataRouter(db: Db, config: EventsConfig, adminSecret: string, wake: () => void, holds: (eventId: string) => boolean = () => false): express.Router {
  const triggers = new Map(config.triggers.map((t) => [t.name, t]));

  const handlers: Record<string, Handler> = {
    async pg_invoke_event_trigger(args) {
      const name = str(args, 'name')!;
      const t = triggers.get(name);
      if (!t) throw new ApiError('not-exists', `event trigger with name "${name}" does not exist`);
      if (!t.enableManual) throw new ApiError('not-supported', `manual mode is not enabled for event trigger "${name}"`);
      const payload = args.payload ?? {};
      const r = await db.query<{ id: string }>(
        `SELECT hdb_catalog.insert_event_log($1, $2, $3, 'MANUAL', json_build_object('old', NULL, 'new', $4::json)) AS id`,
        [t.schema, t.table, t.name, JSON.stringify(payload)],
      );
      wake();
      return { event_id: r.rows[0].id };
    },

    async create_scheduled_event(args) {
      const raw = str(args, 'schedule_at')!;
      const at = ISO_TIME.test(raw) ? Date.parse(raw) : NaN;
      if (!(at >= 0 && at <= MAX_TIME)) throw new ApiError('parse-failed', 'schedule_at must be an ISO 8601 date and time with a zone, e.g. 2026-12-01T08:00:00Z', 400, '$.args.schedule_at');
      const scheduleAt = new Date(at).toISOString();
      const webhook = args.webhook ?? null;
      const fromEnv = args.webhook_from_env ?? null;
      if (typeof webhook !== 'string' && typeof fromEnv !== 'string') throw new ApiError('parse-failed', 'webhook or webhook_from_env is required', 400, '$.args.webhook');
      const rc = (args.retry_conf ?? {}) as Args;
      const retry = {
        numRetries: int(rc, 'num_retries', 0), intervalSec: int(rc, 'retry_interval_seconds', 10, 86_400),
        timeoutSec: int(rc, 'timeout_seconds', 60, 3600), toleranceSec: int(rc, 'tolerance_seconds', 21_600, 31_536_000),
      };
      const headers = Array.isArray(args.headers) ? args.headers : [];
      const r = await db.query<{ id: string }>(
        `INSERT INTO hdb_catalog.hdb_scheduled_events (webhook_conf, scheduled_time, retry_conf, payload, header_conf, comment)
         VALUES ($1::json, $2::timestamptz, $3::json, $4::json, $5::json, $6) RETURNING id`,
        [JSON.stringify(typeof webhook === 'string' ? { url: webhook } : { fromEnv }), scheduleAt, JSON.stringify(retry), JSON.stringify(args.payload ?? null), JSON.stringify(headers), str(args, 'comment', false) ?? null],
      );
      wake();
      return { message: 'success', event_id: r.rows[0].id };
    },

    async pg_get_event_logs(args) {
      const name = str(args, 'name')!;
      const status = str(args, 'status', false) ?? 'all';
      const cond = status === 'pending' ? 'AND delivered = false AND error = false' : status === 'processed' ? 'AND (delivered = true OR error = true)' : '';
      const r = await db.query(
        `SELECT id, schema_name, table_name, trigger_name, payload, delivered, error, tries, created_at, locked, next_retry_at, archived
         FROM hdb_catalog.event_log WHERE trigger_name = $1 ${cond} ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
        [name, int(args, 'limit', 100), int(args, 'offset', 0, 1_000_000)],
      );
      return r.rows;
    },

    async pg_get_event_invocation_logs(args) {
      const r = await db.query(
        `SELECT id, trigger_name, event_id, status, request, response, created_at FROM hdb_catalog.event_invocation_logs
         WHERE trigger_name = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
        [str(args, 'name')!, int(args, 'limit', 100), int(args, 'offset', 0, 1_000_000)],
      );
      return r.rows;
    },

    async pg_get_event_by_id(args) {
      const id = str(args, 'event_id')!;
      const e = await db.query('SELECT * FROM hdb_catalog.event_log WHERE id = $1', [id]);
      if (!e.rows.length) throw new ApiError('not-exists', `event with id "${id}" does not exist`);
      const inv = await db.query(
        'SELECT id, trigger_name, event_id, status, request, response, created_at FROM hdb_catalog.event_invocation_logs WHERE event_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3',
        [id, int(args, 'invocation_log_limit', 100), int(args, 'invocation_log_offset', 0, 1_000_000)],
      );
      return { event: e.rows[0], invocations: inv.rows };
    },

    async pg_redeliver_event(args) {
      const id = str(args, 'event_id')!;
      // As Hasura: not while a delivery holds the event (locked within EVENT_LOCK_EXPIRY, or a call
      // of this backend's worker still out, however long ago it was locked), which would send it
      // twice at once, or let the call that started before count as the redelivery.
      if (holds(id)) throw new ApiError('busy', 'event is already being processed');
      const r = await db.query<{ id: string; busy: boolean }>(
        `WITH e AS (SELECT id, locked IS NOT NULL AND locked >= now() - $2::interval AS busy FROM hdb_catalog.event_log WHERE id = $1 FOR UPDATE),
              u AS (UPDATE hdb_catalog.event_log l SET delivered = false, error = false, tries = 0, archived = false, locked = NULL, next_retry_at = NULL
                    FROM e WHERE l.id = e.id AND NOT e.busy RETURNING l.id)
         SELECT e.id, e.busy FROM e`,
        [id, EVENT_LOCK_EXPIRY],
      );
      if (!r.rows.length) throw new ApiError('not-exists', `event with id "${id}" does not exist`);
      if (r.rows[0].busy) throw new ApiError('busy', 'event is already being processed');
      wake();
      return { message: 'success' };
    },

    async get_cron_triggers() {
      return {
        cron_triggers: config.crons.map((c) => ({
          name: c.name, schedule: c.scheduleText, payload: c.payload, comment: c.comment, include_in_metadata: true,
          retry_conf: { num_retries: c.retry.numRetries, retry_interval_seconds: c.retry.intervalSec, timeout_seconds: c.retry.timeoutSec, tolerance_seconds: c.retry.toleranceSec },
        })),
      };
    },

    async get_scheduled_events(args) {
      const type = str(args, 'type')!;
      const limit = int(args, 'limit', 100);
      const offset = int(args, 'offset', 0, 1_000_000);
      if (type === 'cron') {
        const r = await db.query('SELECT * FROM hdb_catalog.hdb_cron_events WHERE trigger_name = $1 ORDER BY scheduled_time LIMIT $2 OFFSET $3', [str(args, 'trigger_name')!, limit, offset]);
        return { events: r.rows };
      }
      if (type === 'one_off') {
        const r = await db.query('SELECT * FROM hdb_catalog.hdb_scheduled_events ORDER BY scheduled_time LIMIT $1 OFFSET $2', [limit, offset]);
        return { events: r.rows };
      }
      throw new ApiError('parse-failed', 'type must be "cron" or "one_off"', 400, '$.args.type');
    },

    async get_scheduled_event_invocations(args) {
      const type = str(args, 'type')!;
      const id = str(args, 'event_id')!;
      const table = type === 'cron' ? 'hdb_cron_event_invocation_logs' : type === 'one_off' ? 'hdb_scheduled_event_invocation_logs' : null;
      if (!table) throw new ApiError('parse-failed', 'type must be "cron" or "one_off"', 400, '$.args.type');
      const r = await db.query(`SELECT * FROM hdb_catalog.${table} WHERE event_id = $1 ORDER BY created_at DESC LIMIT $2`, [id, int(args, 'limit', 100)]);
      return { invocations: r.rows };
    },

    async delete_scheduled_event(args) {
      const type = str(args, 'type')!;
      const id = str(args, 'event_id')!;
      const table = type === 'cron' ? 'hdb_cron_events' : type === 'one_off' ? 'hdb_scheduled_events' : null;
      if (!table) throw new ApiError('parse-failed', 'type must be "cron" or "one_off"', 400, '$.args.type');
      const r = await db.query(`DELETE FROM hdb_catalog.${table} WHERE id = $1 RETURNING id`, [id]);
      if (!r.rows.length) throw new ApiError('not-exists', `scheduled event with id "${id}" does not exist`);
      return { message: 'success' };
    },
  };
  // Older names of the same operations.
  handlers.invoke_event_trigger = handlers.pg_invoke_event_trigger;
  handlers.redeliver_event = handlers.pg_redeliver_event;

  const router = express.Router();
  router.post('/', express.json({ limit: '1mb' }), async (req, res) => {
    const secret = req.header('x-hasura-admin-secret');
    if (typeof secret !== 'string' || !safeEqual(secret, adminSecret)) {
      res.status(400).json({ path: '$', error: 'restricted access : admin only', code: 'access-denied' });
      return;
    }
    const body = req.body as { type?: unknown; args?: unknown };
    try {
      if (!body || typeof body !== 'object' || typeof body.type !== 'string') throw new ApiError('parse-failed', 'the body must be {"type": ..., "args": {...}}', 400, '$');
      if (body.type === 'bulk') {
        if (!Array.isArray(body.args)) throw new ApiError('parse-failed', 'bulk takes a list of operations', 400, '$.args');
        const out: unknown[] = [];
        for (const op of body.args as { type?: string; args?: Args }[]) out.push(await run(op?.type, op?.args));
        res.json(out);
        return;
      }
      res.json(await run(body.type, body.args as Args | undefined));
    } catch (e) {
      if (e instanceof ApiError) res.status(e.status).json({ path: e.path, error: e.message, code: e.code });
      // A value Postgres cannot take (a NUL character in a payload, an impossible time) is the caller's error.
      else if (isPgError(e) && String(e.code ?? '').startsWith('22')) res.status(400).json({ path: '$.args', error: `invalid value: ${e.message}`, code: 'parse-failed' });
      else res.status(500).json({ path: '$', error: 'unexpected error', code: 'unexpected' });
    }
  });
  // A body express.json could not take: the caller's error, as Hasura answers it, never a 500.
  router.use((err: { type?: string; status?: number }, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (err?.type === 'entity.parse.failed') res.status(400).json({ path: '$', error: 'the body is not valid JSON', code: 'invalid-json' });
    else if (err?.type === 'entity.too.large') res.status(413).json({ path: '$', error: 'the body is larger than 1 MB', code: 'too-large' });
    else if (err?.status && err.status >= 400 && err.status < 500) res.status(err.status).json({ path: '$', error: 'the body could not be read', code: 'invalid-body' });
    else next(err);
  });

  async function run(type: unknown, args: Args | undefined): Promise<unknown> {
    const h = typeof type === 'string' && Object.hasOwn(handlers, type) ? handlers[type] : undefined;
    if (!h) throw new ApiError('not-supported', `the embedded backend does not implement metadata operation "${String(type)}"`, 400, '$.type');
    if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) throw new ApiError('parse-failed', 'args must be an object', 400, '$.args');
    return h(args ?? {});
  }
  return router;
}
