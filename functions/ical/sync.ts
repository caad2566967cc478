// POST /v1/functions/ical/sync {feedId}: polls one import feed now. Who may: a signed-in caller
// whose own token can read the feed (asked of the GraphQL engine with their Authorization header,
// so the metadata decides: members and admins any feed, managers those of their units).
// 200 {status, created, moved, cancelled, conflicts}; 400 invalid-body/unknown-field; 401 no or bad
// token; 403 an x-hasura-role the token does not allow; 404 a feed the caller cannot see (or none);
// 409 busy (a poll holds the feed right now); 429 rate-limited (functions/ical/_lib/syncLimit.ts),
// with Retry-After.
import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import { checkRequest } from '../../src/lib/functions/contract';
import { icalSyncFunction } from '../../src/lib/functions/icalSync';
import { gql, GraphqlError, type Actor } from '../_registry/graphql';
import { SYNC_LIMITS, takeSync } from './_lib/syncLimit';
import { pollFeeds } from './poll';
import { UUID } from '../../src/lib/uuid';

const ROLE = /^[a-z][a-z0-9_-]{0,63}$/;

/**
 * The caller as the GraphQL engine has just accepted them, read as the engine reads the token
 * (backend/graphql/session.ts, Hasura's JWT mode): the claims object (or its JSON text), keys in any
 * case; the user is the claims' x-hasura-user-id, and the role the non-empty x-hasura-role header
 * (which the engine checked against the allowed roles) or else the default role. Null when the token
 * does not name a uuid user and a role of ours.
 */
function actorOf(authorization: string, roleHeader: string | undefined): Actor | null {
  try {
    const payload = JSON.parse(Buffer.from(authorization.trim().split(/\s+/)[1].split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
    const raw = payload['https://hasura.io/jwt/claims'];
    const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
    if (!parsed || typeof parsed !== 'object') return null;
    const claims = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k.toLowerCase(), v as unknown]));
    const userId = claims['x-hasura-user-id'];
    const role = roleHeader || claims['x-hasura-default-role'];
    if (typeof userId === 'string' && UUID.test(userId) && typeof role === 'string' && ROLE.test(role)) return { userId, role };
  } catch {
    // not a JWT the engine would take; fall through
  }
  return null;
}

function fail(res: Response, status: number, error: string, message: string, field?: string): void {
  res.status(status).json({ status, error, message, ...(field ? { field } : {}) });
}

export default async function sync(req: Request, res: Response): Promise<void> {
  if (req.method !== 'POST') return fail(res, 405, 'method-not-allowed', 'Use POST');
  const authorization = req.header('authorization');
  if (!authorization || !/^Bearer\s+\S+$/i.test(authorization.trim())) return fail(res, 401, 'unauthorized', 'Sign in first: send the access token as Authorization: Bearer <token>');
  const checked = checkRequest(icalSyncFunction, req.body);
  if (!checked.ok) return fail(res, 400, checked.error.error, checked.error.message, checked.error.field);
  const { feedId } = checked.value;
  try {
    const seen = await gql<{ ical_import_feeds_by_pk: { id: string } | null }>({ authorization, role: req.header('x-hasura-role') }, 'query($id: uuid!) { ical_import_feeds_by_pk(id: $id) { id } }', { id: feedId });
    if (!seen.ical_import_feeds_by_pk) return fail(res, 404, 'not-found', 'No such feed');
  } catch (error) {
    if (error instanceof GraphqlError && /jwt|token|unauthori/i.test(`${error.code} ${error.message}`)) return fail(res, 401, 'unauthorized', 'The access token is invalid or expired');
    // x-hasura-role names a role the token does not allow (the engine's access-denied).
    if (error instanceof GraphqlError && error.code === 'access-denied') return fail(res, 403, 'forbidden', 'Your access token does not allow the role asked for in x-hasura-role');
    // A role without the table in its schema: the feed does not exist for it.
    if (error instanceof GraphqlError && error.code === 'validation-failed') return fail(res, 404, 'not-found', 'No such feed');
    throw error;
  }
  // The engine has just accepted the token, so its user id and role are verified; the rate limit
  // counts any other accepted token by its hash, and its import is written as the system's.
  const actor = actorOf(authorization, req.header('x-hasura-role'));
  const caller = actor?.userId ?? `token:${crypto.createHash('sha256').update(authorization).digest('hex')}`;
  const retryAfter = takeSync(feedId, caller);
  if (retryAfter) {
    res.setHeader('Retry-After', String(retryAfter));
    return fail(res, 429, 'rate-limited', `At most ${SYNC_LIMITS.feed.max} syncs of a feed and ${SYNC_LIMITS.user.max} in all per user in 10 minutes`);
  }
  const [result] = await pollFeeds([feedId], actor ?? undefined);
  if (!result) return fail(res, 409, 'busy', 'The feed is being polled right now, or it is switched off');
  res.json({ status: result.status, created: result.created, moved: result.moved, cancelled: result.cancelled, conflicts: result.conflicts.length });
}
