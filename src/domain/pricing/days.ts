// Calendar days as whole numbers (days since 1970-01-01, UTC), so the engine never builds a Date
// per night and no time zone or DST change can shift a night: a night is a date, not an instant.
// Conversions follow Howard Hinnant's civil-calendar algorithms (proleptic Gregorian).

/** Days since 1970-01-01 (UTC). 1970-01-01 is 0, 1969-12-31 is -1. */
export type DayNumber = number;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** The day number of a civil date; month 1-12. */
export function dayFromCivil(year: number, month: number, day: number): DayNumber {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Year, month (1-12) and day of a day number. */
export function civilFromDay(dayNumber: DayNumber): { year: number; month: number; day: number } {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** ISO weekday: 1 = Monday ... 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(dayNumber: DayNumber): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

/** Parses YYYY-MM-DD (a real calendar date) to a day number; null for anything else. */
export function parseIsoDay(value: unknown): DayNumber | null {
  if (typeof value !== 'string') return null;
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return dayFromCivil(year, month, day);
}

/** Parses YYYY-MM-DD or throws a RangeError naming the value. */
export function toDay(value: string): DayNumber {
  const day = parseIsoDay(value);
  if (day === null) throw new RangeError(`not a date (YYYY-MM-DD): ${value}`);
  return day;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

export function isoFromDay(dayNumber: DayNumber): string {
  const { year, month, day } = civilFromDay(dayNumber);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** What price-rule conditions look at on one night. */
export interface DayInfo {
  readonly day: DayNumber;
  readonly iso: string;
  readonly year: number;
  readonly month: number;
  readonly dayOfMonth: number;
  readonly weekday: number;
  /** month × 100 + day: 229 for 29 February, comparable with MM-DD values. */
  readonly monthDay: number;
}

export function dayInfo(dayNumber: DayNumber): DayInfo {
  const { year, month, day } = civilFromDay(dayNumber);
  return { day: dayNumber, iso: `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`, year, month, dayOfMonth: day, weekday: isoWeekday(dayNumber), monthDay: month * 100 + day };
}

let lastRange: { from: DayNumber; to: DayNumber; days: readonly DayInfo[] } | null = null;

/**
 * Day infos for [from, to), consecutive days. The last range asked is kept: the calendar prices
 * every unit over the same window, one call per unit, and building 365 days (and their ISO strings,
 * whose hashes the per-date maps then reuse) was a fifth of a year's pricing.
 */
export function dayInfos(from: DayNumber, to: DayNumber): readonly DayInfo[] {
  if (lastRange && lastRange.from === from && lastRange.to === to) return lastRange.days;
  const out: DayInfo[] = new Array(Math.max(0, to - from));
  for (let d = from, i = 0; d < to; d += 1, i += 1) out[i] = dayInfo(d);
  lastRange = { from, to, days: Object.freeze(out) };
  return lastRange.days;
}
