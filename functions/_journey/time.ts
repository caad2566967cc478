// Local times at the properties (Budapest) as instants, for check-in and check-out times.
const TZ = 'Europe/Budapest';

export function todayInBudapest(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

// Shared with the staff check-in on the booking page.
export { budapestInstant } from '../../src/domain/dates';

/** "15:00:00" -> "15:00". */
export function hhmm(time: string | null | undefined, fallback: string): string {
  return time && /^\d{2}:\d{2}/.test(time) ? time.slice(0, 5) : fallback;
}
