// The manager's week board: seven days from a Monday, one row per unit, the cleanings of each day
// in a cell; and the removal form's rule (a reason is required).
import * as yup from 'yup';
import { formMessage } from '@/lib/i18n/formMessage';
import { addDays, isIsoDate } from '../dates';
import type { CleaningStatus } from './plan';

/** The Monday of the week holding `date` (YYYY-MM-DD). */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
}

export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** A week parameter from the URL: a valid date moved to its Monday, else the week of `today`. */
export function parseWeek(value: unknown, today: string): string {
  return typeof value === 'string' && isIsoDate(value) ? weekStart(value) : weekStart(today);
}

/** Named as the database rows come (unit_id), so GraphQL results fit as they are. */
export interface BoardCleaning {
  id: string;
  unit_id: string;
  date: string;
  status: CleaningStatus;
}

export interface BoardRow<C extends BoardCleaning> {
  unitId: string;
  cells: C[][];
}

/** Rows per unit (in the order given) with the week's cleanings per day; unknown units are dropped. */
export function boardRows<C extends BoardCleaning>(unitIds: readonly string[], days: readonly string[], cleanings: readonly C[]): BoardRow<C>[] {
  const rows = new Map(unitIds.map((id) => [id, days.map(() => [] as C[])]));
  for (const c of cleanings) {
    const day = days.indexOf(c.date);
    const row = rows.get(c.unit_id);
    if (day >= 0 && row) row[day].push(c);
  }
  return unitIds.map((unitId) => ({ unitId, cells: rows.get(unitId)! }));
}

/** Counts per status for the board's summary chips. */
export function statusCounts(cleanings: readonly BoardCleaning[]): Record<CleaningStatus, number> {
  const out: Record<CleaningStatus, number> = { NEW: 0, ACKNOWLEDGED: 0, OBSOLETE: 0, REMOVED: 0 };
  for (const c of cleanings) out[c.status] += 1;
  return out;
}

export const REMOVAL_REASON_MAX = 500;

export const removalSchema = yup.object({
  reason: yup
    .string()
    .trim()
    .required(formMessage('cleanings:validation.reasonRequired'))
    .min(3, formMessage('cleanings:validation.reasonMin', { count: 3 }))
    .max(REMOVAL_REASON_MAX, formMessage('cleanings:validation.reasonMax', { count: REMOVAL_REASON_MAX })),
});
export type RemovalValues = yup.InferType<typeof removalSchema>;

export const problemSchema = yup.object({
  title: yup
    .string()
    .trim()
    .required(formMessage('cleanings:validation.problemRequired'))
    .max(200, formMessage('cleanings:validation.problemMax', { count: 200 })),
  description: yup.string().trim().max(2000, formMessage('cleanings:validation.problemMax', { count: 2000 })).default(''),
});
export type ProblemValues = yup.InferType<typeof problemSchema>;
