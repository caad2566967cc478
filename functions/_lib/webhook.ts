// For functions called by event and cron triggers: only Hasura (on Nhost Cloud) or the embedded
// backend knows NHOST_WEBHOOK_SECRET, and the trigger's metadata sends it in this header. Folders
// starting with `_` are not exposed as functions.
import crypto from 'node:crypto';
import type { Request, Response } from 'express';

export const WEBHOOK_SECRET_HEADER = 'nhost-webhook-secret';

/** True when the request carries the project's webhook secret (compared in constant time). */
export function isFromTrigger(req: Request): boolean {
  const expected = process.env.NHOST_WEBHOOK_SECRET;
  const given = req.header(WEBHOOK_SECRET_HEADER);
  if (!expected || typeof given !== 'string') return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** Answers 401 and returns false for a request without the secret; handlers return at once then. */
export function requireTrigger(req: Request, res: Response): boolean {
  if (isFromTrigger(req)) return true;
  res.status(401).json({ status: 401, error: 'unauthorized', message: 'Missing or wrong webhook secret' });
  return false;
}

/** The parts of a Hasura event-trigger body a handler reads. */
export interface TriggerEvent<Row = Record<string, unknown>> {
  id: string;
  created_at: string;
  trigger: { name: string };
  table: { schema: string; name: string };
  delivery_info: { max_retries: number; current_retry: number };
  event: {
    op: 'INSERT' | 'UPDATE' | 'DELETE' | 'MANUAL';
    data: { old: Row | null; new: Row | null };
    session_variables: Record<string, string> | null;
  };
}

/** The body of a cron trigger's call. */
export interface CronEvent<Payload = unknown> {
  id: string;
  name: string;
  scheduled_time: string;
  payload: Payload;
  comment: string | null;
}
