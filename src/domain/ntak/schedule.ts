// When and what the daily close (napi zárás) sends, and when a certificate reminder is due. The
// scheduler runs after 04:00 Budapest time ([V] the wrapper's schedule); NTAK's answer lists the
// days still to close (at most 60, possibly far back) and each becomes one daily-close message.

export const SCHEDULER_LOCAL_HOUR = 4;
export const MAX_BACKFILL_DAYS = 60;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function budapestParts(now: Date): Record<string, string> {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  return Object.fromEntries(parts.map((p) => [p.type, p.value]));
}

/** The calendar day in Budapest (CET/CEST) at `now`, as YYYY-MM-DD. */
export function budapestDate(now: Date): string {
  const p = budapestParts(now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** True once the scheduler may run for the Budapest day of `now` (from 04:00 local time). */
export function schedulerDue(now: Date, fromHour = SCHEDULER_LOCAL_HOUR): boolean {
  return Number(budapestParts(now).hour) >= fromHour;
}

function isRealDay(d: string): boolean {
  if (!DAY.test(d)) return false;
  const t = Date.parse(`${d}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
}

/**
 * The days a scheduler answer asks to close: dates before `today`, not older than 60 days, oldest
 * first, each once. The answer's shape is [GAP]: `{utemezoResponse: {napok: [...]}}` (the local
 * double), `{utemezoResponse: [...]}` or a bare list are all read.
 */
export function schedulerDays(answer: unknown, today: string, max = MAX_BACKFILL_DAYS): string[] {
  const inner = answer && typeof answer === 'object' && !Array.isArray(answer) ? ((answer as Record<string, unknown>).utemezoResponse ?? answer) : answer;
  const list = Array.isArray(inner) ? inner : inner && typeof inner === 'object' ? ((inner as Record<string, unknown>).napok ?? (inner as Record<string, unknown>).days) : null;
  if (!Array.isArray(list)) return [];
  const earliest = new Date(Date.parse(`${today}T00:00:00Z`) - max * 86_400_000).toISOString().slice(0, 10);
  const days = new Set(list.filter((d): d is string => typeof d === 'string' && isRealDay(d) && d < today && d >= earliest));
  return [...days].sort();
}

/** Idempotency keys: one scheduler call per accommodation and day, one close per accommodation and closed day. */
export const schedulerKey = (accommodationId: string, day: string) => `ntak:scheduler:${accommodationId}:${day}`;
export const dailyCloseKey = (accommodationId: string, day: string) => `ntak:daily_close:${accommodationId}:${day}`;

/** Days before a certificate's expiry at which a reminder task is created (each once per certificate). */
export const CERT_REMINDER_DAYS = [30, 7, 1] as const;

/**
 * The reminder threshold due at `now` for a certificate valid to `validTo`: the smallest threshold
 * whose window has begun (so a certificate found 5 days before expiry gets the 7-day reminder, not
 * three at once); an expired certificate gets threshold 0. Null while no threshold has begun.
 */
export function reminderThreshold(validTo: string, now: Date, thresholds: readonly number[] = CERT_REMINDER_DAYS): number | null {
  const left = (Date.parse(validTo) - now.getTime()) / 86_400_000;
  if (!Number.isFinite(left)) return null;
  if (left <= 0) return 0;
  const begun = thresholds.filter((t) => left <= t);
  return begun.length ? Math.min(...begun) : null;
}
