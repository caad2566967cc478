// POST /v1/functions/registry/resend {submissionId}: re-send a failed or blocked submission after a
// fix (the message is built again from the current data). Whoever can read the submission with
// their own token (communicator, member, the accommodation's manager) may re-send it. The message
// keeps its id (the submission's), so the registry processes it once however often it is re-sent.
import type { Request, Response } from 'express';
import { admin, gql } from '../_registry/graphql';
import { deliver } from '../_registry/worker';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function resend(req: Request, res: Response): Promise<void> {
  if (req.method !== 'POST') return void res.status(405).json({ status: 405, error: 'method-not-allowed', message: 'Use POST' });
  const authorization = req.header('authorization');
  if (!authorization) return void res.status(401).json({ status: 401, error: 'unauthorized', message: 'Sign in first' });
  const id = (req.body as { submissionId?: unknown } | null)?.submissionId;
  if (typeof id !== 'string' || !UUID.test(id)) return void res.status(400).json({ status: 400, error: 'invalid-uuid', field: 'submissionId', message: 'submissionId must be a UUID' });
  let visible: { registry_submissions_by_pk: { id: string; status: string } | null };
  try {
    visible = await gql(
      { authorization, role: req.header('x-hasura-role') ?? undefined },
      `query ($id: uuid!) { registry_submissions_by_pk(id: $id) { id status } }`,
      { id },
    );
  } catch {
    return void res.status(401).json({ status: 401, error: 'unauthorized', message: 'The access token is invalid or expired, or your role cannot see submissions' });
  }
  const row = visible.registry_submissions_by_pk;
  if (!row) return void res.status(404).json({ status: 404, error: 'not-found', message: 'No such submission' });
  if (row.status === 'success') return void res.status(409).json({ status: 409, error: 'already-sent', message: 'This submission was accepted; nothing to re-send' });
  // Conditional: a re-send racing a delivery that has just been accepted (two clicks, two tabs, the
  // booking page's automatic re-send after a fix) must not turn the accepted row back to pending,
  // or it would be sent again.
  const reset = await gql<{ update_registry_submissions: { affected_rows: number } }>(
    admin,
    `mutation ($id: uuid!) { update_registry_submissions(where: {id: {_eq: $id}, status: {_in: [pending, error, blocked, skipped]}}, _set: {status: pending, next_attempt_at: null, field_errors: null, reason: null}) { affected_rows } }`,
    { id },
  );
  if (reset.update_registry_submissions.affected_rows === 0) return void res.status(409).json({ status: 409, error: 'already-sent', message: 'This submission was accepted; nothing to re-send' });
  res.json((await deliver(id)) ?? { status: 'pending', reason: 'held by another delivery' });
}
