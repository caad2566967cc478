// The event triggers (per table) and cron triggers (metadata/cron_triggers.yaml) of a project, as
// Hasura reads them: webhooks from a URL, `{{ENV}}` templates or `webhook_from_env`, headers from
// values or the environment, retry settings with Hasura's defaults.
import fs from 'node:fs';
import path from 'node:path';
import { loadMetadata, MetadataError, readYaml, type EventTriggerMeta, type HeaderMeta, type Metadata } from '../graphql/metadata';
import { CronError, parseCron, type CronSchedule } from './cron';

export type Op = 'INSERT' | 'UPDATE' | 'DELETE';

export interface RetryConf {
  numRetries: number;
  intervalSec: number;
  timeoutSec: number;
}

export interface EventTrigger {
  name: string;
  schema: string;
  table: string;
  /** Operations captured, with the columns that must change for an UPDATE ('*' = any). */
  ops: Partial<Record<Op, '*' | string[]>>;
  enableManual: boolean;
  webhook: Unresolved;
  headers: HeaderMeta[];
  retry: RetryConf;
}

export interface CronTrigger {
  name: string;
  schedule: CronSchedule;
  scheduleText: string;
  webhook: Unresolved;
  payload: unknown;
  headers: HeaderMeta[];
  retry: RetryConf & { toleranceSec: number };
  comment: string | null;
}

/** A webhook as written in metadata; resolved against the environment when an event is sent. */
export type Unresolved = { url: string } | { fromEnv: string };

export interface EventsConfig {
  triggers: EventTrigger[];
  crons: CronTrigger[];
}

/** Hasura's defaults: no retries, 10 s between tries, 60 s timeout; cron events tolerate 6 h of delay. */
const DEFAULT_RETRY: RetryConf = { numRetries: 0, intervalSec: 10, timeoutSec: 60 };
const DEFAULT_TOLERANCE_SEC = 21_600;
const TRIGGER_NAME = /^[A-Za-z0-9_-]{1,42}$/;

function webhookOf(where: string, m: { webhook?: string; webhook_from_env?: string }): Unresolved {
  if (m.webhook) return { url: m.webhook };
  if (m.webhook_from_env) return { fromEnv: m.webhook_from_env };
  throw new MetadataError(`${where}: needs "webhook" or "webhook_from_env"`);
}

function nonNegative(v: unknown, fallback: number, what: string): number {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new MetadataError(`${what} must be a non-negative number`);
  return v;
}

function eventTrigger(schema: string, table: string, m: EventTriggerMeta): EventTrigger {
  const where = `event trigger "${m.name}" on ${schema}.${table}`;
  // The name becomes part of Postgres identifiers (trigger and function names), as in Hasura.
  if (!m.name || !TRIGGER_NAME.test(m.name)) throw new MetadataError(`${where}: a trigger name has 1-42 letters, digits, _ or -`);
  const ops: EventTrigger['ops'] = {};
  for (const op of ['insert', 'update', 'delete'] as const) {
    const spec = m.definition?.[op];
    if (spec) ops[op.toUpperCase() as Op] = spec.columns === '*' ? '*' : [...(spec.columns ?? [])];
  }
  if (!Object.keys(ops).length && !m.definition?.enable_manual) throw new MetadataError(`${where}: defines no operation`);
  return {
    name: m.name, schema, table, ops, enableManual: !!m.definition?.enable_manual,
    webhook: webhookOf(where, m), headers: m.headers ?? [],
    retry: {
      numRetries: nonNegative(m.retry_conf?.num_retries, DEFAULT_RETRY.numRetries, `${where}: retry_conf.num_retries`),
      intervalSec: nonNegative(m.retry_conf?.interval_sec, DEFAULT_RETRY.intervalSec, `${where}: retry_conf.interval_sec`),
      timeoutSec: webhookTimeout(nonNegative(m.retry_conf?.timeout_sec, DEFAULT_RETRY.timeoutSec, `${where}: retry_conf.timeout_sec`), where),
    },
  };
}

/**
 * A table event's call must end well before its lock expires (EVENT_LOCK_EXPIRY in worker.ts, 30
 * minutes, as Hasura): a lock that old is taken as abandoned and the event is fetched again, so a
 * longer call would be sent twice, and a redelivery through another backend meanwhile could be
 * taken for done by the call that started before it.
 */
export const MAX_TABLE_EVENT_TIMEOUT_SEC = 25 * 60;

function webhookTimeout(sec: number, where: string): number {
  if (sec > MAX_TABLE_EVENT_TIMEOUT_SEC) {
    throw new MetadataError(`${where}: retry_conf.timeout_sec must be at most ${MAX_TABLE_EVENT_TIMEOUT_SEC} (an event locked for 30 minutes is taken as abandoned and sent again)`);
  }
  return sec;
}

interface CronMeta {
  name: string;
  webhook?: string;
  webhook_from_env?: string;
  schedule: string;
  payload?: unknown;
  headers?: HeaderMeta[];
  retry_conf?: { num_retries?: number; retry_interval_seconds?: number; timeout_seconds?: number; tolerance_seconds?: number };
  comment?: string | null;
}

function cronTrigger(m: CronMeta): CronTrigger {
  const where = `cron trigger "${m?.name}"`;
  if (!m?.name || typeof m.name !== 'string') throw new MetadataError('a cron trigger has no name');
  let schedule: CronSchedule;
  try {
    schedule = parseCron(String(m.schedule ?? ''));
  } catch (e) {
    throw new MetadataError(`${where}: ${e instanceof CronError ? e.message : 'bad schedule'}`);
  }
  const r = m.retry_conf ?? {};
  return {
    name: m.name, schedule, scheduleText: m.schedule, webhook: webhookOf(where, m), payload: m.payload ?? null,
    headers: m.headers ?? [], comment: m.comment ?? null,
    retry: {
      numRetries: nonNegative(r.num_retries, DEFAULT_RETRY.numRetries, `${where}: num_retries`),
      intervalSec: nonNegative(r.retry_interval_seconds, DEFAULT_RETRY.intervalSec, `${where}: retry_interval_seconds`),
      timeoutSec: nonNegative(r.timeout_seconds, DEFAULT_RETRY.timeoutSec, `${where}: timeout_seconds`),
      toleranceSec: nonNegative(r.tolerance_seconds, DEFAULT_TOLERANCE_SEC, `${where}: tolerance_seconds`),
    },
  };
}

export function loadEventsConfig(projectDir: string, meta: Metadata = loadMetadata(projectDir)): EventsConfig {
  const triggers = meta.tables.flatMap((t) => (t.event_triggers ?? []).map((e) => eventTrigger(t.table.schema, t.table.name, e)));
  const names = new Set<string>();
  for (const t of triggers) {
    if (names.has(t.name)) throw new MetadataError(`event trigger "${t.name}" is defined twice`);
    names.add(t.name);
  }
  const cronFile = path.join(projectDir, 'metadata', 'cron_triggers.yaml');
  const cronList = fs.existsSync(cronFile) ? readYaml(cronFile) : [];
  if (cronList !== null && !Array.isArray(cronList)) throw new MetadataError('cron_triggers.yaml must be a list');
  const crons = ((cronList ?? []) as CronMeta[]).map(cronTrigger);
  return { triggers, crons };
}

/** Replaces `{{NAME}}` with the environment's value (Hasura's template syntax); a missing one is an error. */
export function resolveTemplate(text: string, env: Record<string, string | undefined>): string {
  return text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_m, name: string) => {
    const v = env[name];
    if (v === undefined) throw new Error(`environment variable ${name} is not set`);
    return v;
  });
}

export function resolveWebhook(w: Unresolved, env: Record<string, string | undefined>): string {
  if ('url' in w) return resolveTemplate(w.url, env);
  const v = env[w.fromEnv];
  if (!v) throw new Error(`environment variable ${w.fromEnv} is not set`);
  return v;
}

export function resolveHeaders(headers: HeaderMeta[], env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of headers) {
    if (h.value_from_env !== undefined) {
      const v = env[h.value_from_env];
      if (v === undefined) throw new Error(`environment variable ${h.value_from_env} is not set`);
      out[h.name] = v;
    } else out[h.name] = resolveTemplate(h.value ?? '', env);
  }
  return out;
}
