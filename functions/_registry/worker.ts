// The durable queue: each registry_submissions row is one message. A delivery claims the row with
// a lease (one conditional UPDATE: pending, due, not held), builds the message from the current
// data (so a re-send after a fix sends the fixed data), validates it, signs and sends it over
// mutual TLS, and records the answer, the attempt and the next attempt. A crash between claim and
// record leaves the lease to run out; the row is then sent again with the same message id, which
// the receiver de-duplicates, so every submission is processed exactly once.
import {
  budapestDate, buildCheckIn, buildCheckOut, buildDailyClose, dailyCloseKey, schedulerDays, buildEnvelope, buildReservation, buildRoomChange, certificateState, fixTargetFor, MissingRateError,
  SUCCESS_KEYS, validateNtakBody, validateNtakHeader, type FieldIssue, type NtakMessageType, type Sources,
} from '../../src/domain/ntak';
import { buildVizaCheckIn, buildVizaCheckOut, parseVizaStatus, validateVizaBody, VIZA_STATUS_INFO, type VizaStatus } from '../../src/domain/viza';
import { backoffSeconds, endpoint, isDevelopment, leaseSeconds, maxAttempts, ntakPath, SOFTWARE_VERSION, timestampFormat, VIZA_PATHS } from './config';
import { admin, gql } from './graphql';
import { bookingInput, guestInput, loadAccommodation, loadBooking, loadDay, loadGuests, loadRates, unitInput, vizaGuestInput, type AccommodationRow } from './load';
import { HELD_REASON, queue } from './enqueue';
import { encryptionKey, open } from './secretBox';
import { caFromEnv, sendSigned, TransportError } from './transport';

/** What to build, stored in payload.recipe when the row is queued. */
export interface Recipe {
  bookingId?: string;
  bookedUnitId?: string;
  guestIds?: string[];
  fromUnitId?: string;
  occurredAt: string;
  day?: string;
}

export interface SubmissionRow {
  id: string;
  accommodation_id: string;
  service: 'ntak' | 'viza';
  message_type: NtakMessageType;
  status: string;
  attempts: number;
  report_date: string | null;
  booking_id: string | null;
  payload: { recipe?: Recipe; message?: unknown };
}

const FIELDS = 'id accommodation_id service message_type status attempts report_date booking_id payload';

type Outcome =
  | { kind: 'success'; response: unknown; vizaStatus?: VizaStatus }
  | { kind: 'rejected'; reason: string; issues: FieldIssue[]; response?: unknown; vizaStatus?: VizaStatus }
  | { kind: 'retry'; reason: string; response?: unknown; vizaStatus?: VizaStatus }
  | { kind: 'blocked'; reason: string; vizaStatus?: VizaStatus }
  | { kind: 'skipped'; reason: string; vizaStatus?: VizaStatus };

/** Claims a due submission; null when it is not pending, not due, or held by another delivery. */
export async function claim(id: string, now = new Date()): Promise<SubmissionRow | null> {
  const until = new Date(now.getTime() + leaseSeconds() * 1000).toISOString();
  const d = await gql<{ update_registry_submissions: { returning: SubmissionRow[] } }>(
    admin,
    `mutation ($id: uuid!, $now: timestamptz!, $until: timestamptz!) {
      update_registry_submissions(
        where: {id: {_eq: $id}, status: {_eq: pending},
          _and: [{_or: [{next_attempt_at: {_is_null: true}}, {next_attempt_at: {_lte: $now}}]}, {_or: [{claimed_until: {_is_null: true}}, {claimed_until: {_lt: $now}}]}]},
        _set: {claimed_until: $until}, _inc: {attempts: 1}
      ) { returning { ${FIELDS} } }
    }`,
    { id, now: now.toISOString(), until },
  );
  return d.update_registry_submissions.returning[0] ?? null;
}

function problemsToErrors(issues: FieldIssue[], sources: Sources) {
  return issues.map((i) => ({ ...i, fix: fixTargetFor(i.path, sources) }));
}

/** Laravel-style `{errors: {path: [text]}}` from NTAK or the doubles, as field issues. */
function issuesFromResponse(body: unknown): FieldIssue[] {
  const errors = (body as { errors?: Record<string, string[]> } | null)?.errors;
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors).flatMap(([path, texts]) =>
    (Array.isArray(texts) ? texts : [String(texts)]).map((t) => {
      const m = /^([a-z-]+): (.*)$/.exec(String(t));
      return { path, code: (m?.[1] ?? 'unknown') as FieldIssue['code'], message: m?.[2] ?? String(t) };
    }),
  );
}

interface Credentials {
  certPem: string;
  keyPem: string;
}

function credentialsFor(acc: AccommodationRow, now: Date): Credentials | { blocked: string; vizaStatus?: VizaStatus } {
  const cert = acc.ntak_cert || acc.ntak_auth_cert;
  if (!cert || !acc.ntak_private_key) return { blocked: 'certificate-missing: upload the certificate NTAK issued for this accommodation (NTAK tab)' };
  const state = certificateState(acc.ntak_cert_valid_from, acc.ntak_cert_valid_to, now);
  if (state === 'expired') return { blocked: `certificate-expired: the NTAK certificate expired on ${acc.ntak_cert_valid_to?.slice(0, 10)}; generate a new CSR and upload the new certificate before anything is sent`, vizaStatus: 'CERT_EXPIRED' };
  if (state === 'not-yet-valid') return { blocked: 'certificate-not-yet-valid: the NTAK certificate is not valid yet' };
  let keyPem: string;
  try {
    keyPem = open(acc.ntak_private_key, encryptionKey());
  } catch (e) {
    const code = (e as { code?: string }).code === 'encryption-key-missing' ? 'encryption-key-missing' : 'private-key-unreadable';
    return { blocked: `${code}: ${code === 'encryption-key-missing' ? 'REGISTRY_KEY_ENCRYPTION_KEY is not set on the server' : 'the stored private key cannot be decrypted with REGISTRY_KEY_ENCRYPTION_KEY'}` };
  }
  return { certPem: cert, keyPem };
}

async function build(row: SubmissionRow, acc: AccommodationRow): Promise<{ body: unknown; sources: Sources }> {
  const r = row.payload.recipe ?? ({ occurredAt: new Date().toISOString() } as Recipe);
  const opts = { timestampFormat: timestampFormat() };
  if (row.service === 'viza') {
    const guests = await loadGuests(r.guestIds ?? []);
    if (row.message_type === 'check_in') return buildVizaCheckIn(guests.map(vizaGuestInput), r.occurredAt);
    return buildVizaCheckOut(guests.map((g) => ({ id: String(g.id), departedAt: String(g.checked_out_at ?? g.checkout_time) })), r.occurredAt);
  }
  if (row.message_type === 'reservation') {
    const b = await loadBooking(r.bookingId ?? '');
    if (!b) throw new Error('The booking no longer exists');
    return buildReservation(bookingInput(b), r.occurredAt, await loadRates(), opts);
  }
  // The scheduler asks NTAK which days to close; its body carries nothing but the envelope.
  if (row.message_type === 'scheduler') return { body: {}, sources: {} };
  if (row.message_type === 'daily_close') {
    const day = row.report_date ?? r.day ?? '';
    const data = await loadDay(acc.id, day);
    const built = buildDailyClose({ day, vatRate: Number(acc.vat_rate), units: data.units, bookings: data.bookings, taxRules: data.taxRules }, await loadRates(), opts);
    built.sources.residentialUnits = { table: 'accommodations', id: acc.id };
    return built;
  }
  const guests = await loadGuests(r.guestIds ?? []);
  const first = guests[0];
  if (!first) throw new Error('The checked-in guests no longer exist');
  const bu = first.booking_unit as { id: string; booking_id: string; unit: Record<string, unknown> };
  const stay = { id: bu.id, unit: unitInput(bu.unit), checkin: '', checkout: '', adults: 0, children: 0, infants: 0, cancelled: false, guests: [] };
  const inputs = guests.map(guestInput);
  if (row.message_type === 'check_in') return buildCheckIn(bu.booking_id, stay, inputs, r.occurredAt, opts);
  if (row.message_type === 'check_out') return buildCheckOut(bu.booking_id, stay, inputs, r.occurredAt, opts);
  const from = await gql<{ units_by_pk: Record<string, unknown> | null }>(admin, `query ($id: uuid!) { units_by_pk(id: $id) { id name category single_beds double_beds temp_beds occ_adults occ_children occ_infants } }`, { id: r.fromUnitId ?? '' });
  if (!from.units_by_pk) throw new Error('The unit the guests left no longer exists');
  return buildRoomChange(bu.booking_id, unitInput(from.units_by_pk), stay, inputs, r.occurredAt, opts);
}

async function attempt(row: SubmissionRow, acc: AccommodationRow, now: Date): Promise<{ outcome: Outcome; message?: unknown; sources?: Sources }> {
  if (row.service === 'ntak' && acc.skip_ntak) return { outcome: { kind: 'skipped', reason: 'skip-ntak: NTAK reporting is switched off for this accommodation' } };
  const held = row.service === 'ntak' ? await heldBooking(row) : null;
  if (held) return { outcome: { kind: 'blocked', reason: `${HELD_REASON}: the guests of the booking of ${held} are not entered yet, so NTAK was not told about its reservation; enter them on the booking` } };
  const url = endpoint(row.service);
  if (!url) return { outcome: { kind: 'blocked', reason: `endpoint-missing: ${row.service === 'ntak' ? 'NTAK_ENDPOINT' : 'VIZA_ENDPOINT'} is not configured` } };
  if (!isDevelopment() && !process.env.REGISTRY_KEY_ENCRYPTION_KEY) return { outcome: { kind: 'blocked', reason: 'encryption-key-missing: REGISTRY_KEY_ENCRYPTION_KEY is not set on the server' } };
  const creds = credentialsFor(acc, now);
  if ('blocked' in creds) return { outcome: { kind: 'blocked', reason: creds.blocked, vizaStatus: row.service === 'viza' ? creds.vizaStatus : undefined } };
  let built: { body: unknown; sources: Sources };
  try {
    built = await build(row, acc);
  } catch (e) {
    if (e instanceof MissingRateError) {
      const issue: FieldIssue = { path: 'grossAmount', code: 'required', message: e.message };
      return { outcome: { kind: 'rejected', reason: `exchange-rate-missing: ${e.message}`, issues: [issue] }, sources: { grossAmount: { table: 'exchange_rates', id: e.day } } };
    }
    return { outcome: { kind: 'rejected', reason: `build-failed: ${(e as Error).message}`, issues: [] } };
  }
  const envelope = buildEnvelope({ ntakId: acc.ntak_id, ntakName: acc.ntak_name, name: acc.name, taxId: acc.tax_id, ownerName: acc.owner_name }, row.id, now, SOFTWARE_VERSION(), built.body, timestampFormat());
  const sources: Sources = { ...built.sources, header: { table: 'accommodations', id: acc.id } };
  const local = [
    ...validateNtakHeader(envelope.header),
    ...(row.service === 'ntak' ? validateNtakBody(row.message_type, built.body) : validateVizaBody(row.message_type as 'check_in' | 'check_out', built.body)),
  ];
  if (local.length) return { outcome: { kind: 'rejected', reason: `invalid: ${local[0].path}: ${local[0].message}`, issues: local, vizaStatus: row.service === 'viza' ? 'DATA_REJECTED' : undefined }, message: envelope, sources };
  const path = row.service === 'ntak' ? ntakPath(row.message_type) : VIZA_PATHS[row.message_type as 'check_in' | 'check_out']();
  try {
    const answer = await sendSigned({ url: `${url}${path}`, body: JSON.stringify(envelope), certPem: creds.certPem, keyPem: creds.keyPem, caPem: caFromEnv(row.service === 'ntak' ? 'NTAK' : 'VIZA') });
    const vizaStatus = row.service === 'viza' ? (parseVizaStatus((answer.body as { status?: unknown } | null)?.status) ?? (answer.status < 300 ? 'OK' : answer.status >= 500 ? 'VIZA_OFFLINE' : 'ERROR')) : undefined;
    if (answer.status >= 200 && answer.status < 300) {
      const key = SUCCESS_KEYS[row.message_type];
      if (row.service === 'ntak' && key && !(answer.body && typeof answer.body === 'object' && key in answer.body)) return { outcome: { kind: 'retry', reason: `unexpected-answer: no ${key} in the answer`, response: answer.body }, message: envelope, sources };
      return { outcome: { kind: 'success', response: answer.body, vizaStatus }, message: envelope, sources };
    }
    if (answer.status === 422 || answer.status === 400) {
      const issues = issuesFromResponse(answer.body);
      return { outcome: { kind: 'rejected', reason: `rejected: ${issues[0] ? `${issues[0].path}: ${issues[0].message}` : `HTTP ${answer.status}`}`, issues, response: answer.body, vizaStatus }, message: envelope, sources };
    }
    if (answer.status === 401 || answer.status === 403) return { outcome: { kind: 'blocked', reason: `refused: HTTP ${answer.status} ${(answer.body as { message?: string } | null)?.message ?? ''}`.trim(), vizaStatus }, message: envelope, sources };
    return { outcome: { kind: 'retry', reason: `http-${answer.status}`, response: answer.body, vizaStatus }, message: envelope, sources };
  } catch (e) {
    const code = e instanceof TransportError ? e.code : 'network';
    return { outcome: { kind: 'retry', reason: `${code}: ${(e as Error).message}`, vizaStatus: row.service === 'viza' ? 'VIZA_OFFLINE' : undefined }, message: envelope, sources };
  }
}

/**
 * A booking imported from a channel's iCal feed whose guests are not entered yet (guests_unknown):
 * its NTAK reservation is held (src/domain/ntak/reservationHold), so NTAK would refuse a check-in,
 * check-out, room change or daily close naming it as an unknown reservation (a daily close is
 * refused whole, for every stay of that day). Such a message waits, blocked, and is queued again
 * when the booking's guests are entered (releaseHeld). Answers the held booking's guest name.
 */
async function heldBooking(row: SubmissionRow): Promise<string | null> {
  if (row.message_type === 'reservation' || row.message_type === 'scheduler') return null;
  const day = row.report_date ?? row.payload.recipe?.day ?? '';
  if (row.message_type === 'daily_close' && !day) return null;
  if (row.message_type !== 'daily_close' && !row.booking_id) return null;
  const where = row.message_type === 'daily_close'
    ? { accommodation_id: { _eq: row.accommodation_id }, status: { _neq: 'cancelled' }, checkin: { _lte: day }, checkout: { _gte: day }, guests_unknown: { _eq: true } }
    : { id: { _eq: row.booking_id }, guests_unknown: { _eq: true } };
  const d = await gql<{ bookings: { customer_name: string | null }[] }>(admin, `query ($w: bookings_bool_exp!) { bookings(where: $w, limit: 1) { customer_name } }`, { w: where });
  const b = d.bookings[0];
  return b ? (b.customer_name ?? '').slice(0, 80) || '?' : null;
}

/** Delivers one submission if it is due; returns what happened (or null when it was not claimable). */
export async function deliver(id: string, now = new Date()): Promise<{ status: string; reason: string | null } | null> {
  const row = await claim(id, now);
  if (!row) return null;
  const acc = await loadAccommodation(row.accommodation_id);
  if (!acc) return null;
  const { outcome, message, sources } = await attempt(row, acc, now);
  const set: Record<string, unknown> = { claimed_until: null, reason: 'reason' in outcome ? outcome.reason : null, payload: { ...row.payload, ...(message ? { message } : {}) } };
  if (sources) set.sources = sources;
  // Queued before the answer is recorded: a crash in between re-sends the scheduler with the same
  // message id (NTAK repeats its answer) and the event keys queue no close twice.
  if (outcome.kind === 'success' && row.message_type === 'scheduler') await queueDailyCloses(row, outcome.response, now);
  if (outcome.kind === 'success') Object.assign(set, { status: 'success', response: outcome.response, sent_at: new Date().toISOString(), next_attempt_at: null, field_errors: null, reason: null });
  else if (outcome.kind === 'rejected') Object.assign(set, { status: 'error', response: outcome.response ?? null, next_attempt_at: null, field_errors: problemsToErrors(outcome.issues, sources ?? {}) });
  else if (outcome.kind === 'blocked') Object.assign(set, { status: 'blocked', next_attempt_at: null });
  else if (outcome.kind === 'skipped') Object.assign(set, { status: 'skipped', next_attempt_at: null });
  else if (row.attempts >= maxAttempts()) Object.assign(set, { status: 'error', response: outcome.response ?? null, next_attempt_at: null, reason: `${outcome.reason} (gave up after ${row.attempts} attempts; re-send by hand)` });
  else Object.assign(set, { status: 'pending', response: outcome.response ?? null, next_attempt_at: new Date(Date.now() + backoffSeconds(row.attempts) * 1000).toISOString() });
  if (row.service === 'viza' && outcome.vizaStatus) Object.assign(set, { viza_status: outcome.vizaStatus });
  await gql(admin, `mutation ($id: uuid!, $set: registry_submissions_set_input!) { update_registry_submissions_by_pk(pk_columns: {id: $id}, _set: $set) { id } }`, { id: row.id, set });
  // The guests may have been entered between the check above and this write: the release then found
  // nothing blocked to queue again, so look once more now the block is recorded.
  if (outcome.kind === 'blocked' && outcome.reason.startsWith(`${HELD_REASON}:`) && !(await heldBooking(row))) {
    await gql(admin, `mutation ($id: uuid!, $at: timestamptz!, $held: String!) { update_registry_submissions(where: {id: {_eq: $id}, status: {_eq: blocked}, reason: {_like: $held}}, _set: {status: pending, next_attempt_at: $at, reason: null}) { affected_rows } }`, { id: row.id, at: new Date(Date.now() + 60_000).toISOString(), held: `${HELD_REASON}:%` });
  }
  if (row.service === 'viza' && outcome.vizaStatus && VIZA_STATUS_INFO[outcome.vizaStatus]) {
    await gql(admin, `mutation ($id: uuid!, $s: viza_statuses_enum!, $at: timestamptz!) { update_accommodations_by_pk(pk_columns: {id: $id}, _set: {viza_status: $s, viza_status_at: $at}) { id } }`, { id: acc.id, s: outcome.vizaStatus, at: new Date().toISOString() });
  }
  return { status: String(set.status), reason: (set.reason as string | null) ?? null };
}

/** One daily-close row per day the scheduler's answer lists (at most 60, before the asking day). */
async function queueDailyCloses(row: SubmissionRow, answer: unknown, now: Date): Promise<number> {
  const asked = row.report_date ?? budapestDate(now);
  const days = schedulerDays(answer, asked);
  return queue(days.map((day) => ({
    accommodation_id: row.accommodation_id, service: 'ntak', message_type: 'daily_close', report_date: day,
    event_key: dailyCloseKey(row.accommodation_id, day), payload: { recipe: { day, occurredAt: now.toISOString() } },
  })));
}

/**
 * Sends the given submissions now, in the order given, while `budgetMs` lasts (the caller waits for
 * them); what is left stays pending for the per-minute tick. A delivery another worker holds is
 * skipped (claimed there). Returns how many this call delivered.
 */
export async function deliverWithin(ids: readonly string[], budgetMs: number): Promise<number> {
  const deadline = Date.now() + budgetMs;
  let delivered = 0;
  for (const id of ids) {
    if (Date.now() >= deadline) break;
    if (await deliver(id)) delivered += 1;
  }
  return delivered;
}

/** Ids of submissions that are due now (retry time reached, or a lease run out). */
export async function dueSubmissions(now = new Date(), limit = 50): Promise<string[]> {
  const d = await gql<{ registry_submissions: { id: string }[] }>(
    admin,
    `query ($now: timestamptz!, $limit: Int!) { registry_submissions(where: {status: {_eq: pending},
      _and: [{_or: [{next_attempt_at: {_is_null: true}}, {next_attempt_at: {_lte: $now}}]}, {_or: [{claimed_until: {_is_null: true}}, {claimed_until: {_lt: $now}}]}]},
      order_by: {created_at: asc}, limit: $limit) { id } }`,
    { now: now.toISOString(), limit },
  );
  return d.registry_submissions.map((r) => r.id);
}
