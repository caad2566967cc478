// The calendar's day axis and its data windows. Days are UTC day numbers (domain/pricing/days).
// The grid spans a fixed range of nights; the data for it is loaded (and kept live) per window:
// the chunks of CHUNK_DAYS nights the visible columns touch plus the next one, so scrolling a few
// days changes nothing and crossing a chunk border subscribes once for the new window.
import { civilFromDay, dayFromCivil, isoFromDay, parseIsoDay, type DayNumber } from '@/domain/pricing';

export const CHUNK_DAYS = 28;
/** Months shown before the month of the focused date, and the range's length in days. */
export const MONTHS_BEFORE = 1;
export const RANGE_DAYS = 14 * 31;

export interface DayRange {
  from: DayNumber;
  /** Exclusive. */
  to: DayNumber;
}

/** The grid's range around a date: from the first of the month MONTHS_BEFORE before it, RANGE_DAYS long. */
export function rangeAround(day: DayNumber): DayRange {
  const { year, month } = civilFromDay(day);
  const m = month - MONTHS_BEFORE;
  const from = m >= 1 ? dayFromCivil(year, m, 1) : dayFromCivil(year - 1, m + 12, 1);
  return { from, to: from + RANGE_DAYS };
}

/**
 * The data window for the visible column indexes [first, last] of a grid starting at `from`: from
 * the chunk the first visible night falls in, long enough for the visible width plus a chunk. Its
 * length depends only on how many columns show, so scrolling changes the window once per chunk.
 */
export function windowFor(range: DayRange, first: number, last: number): DayRange {
  const start = Math.max(0, Math.floor(first / CHUNK_DAYS) * CHUNK_DAYS);
  const visible = Math.max(1, last - first + 1);
  const length = (Math.ceil(visible / CHUNK_DAYS) + 1) * CHUNK_DAYS;
  return { from: range.from + start, to: Math.min(range.to, range.from + start + length) };
}

/**
 * Units per chunk of the rows' data window: a window asks for the units of the rows on screen, in
 * chunks of this many, not for every unit of the filter (a hundred units by 56 nights was ~500 kB
 * per window, for the ~16 rows a screen shows).
 */
export const UNIT_CHUNK = 8;

/** Indexes [from, to) of the units whose data a window loads, in the rows' order (`to` may pass the last). */
export interface UnitSpan {
  from: number;
  to: number;
}

/**
 * The units to load for the units shown at indexes [first, last]: from the chunk the
 * first falls in, for the shown units plus a chunk (as windowFor does for nights), so scrolling a
 * few rows asks for nothing new and crossing a chunk border subscribes once.
 */
export function unitSpanFor(first: number, last: number): UnitSpan {
  const start = Math.max(0, Math.floor(first / UNIT_CHUNK) * UNIT_CHUNK);
  const shown = Math.max(1, last - first + 1);
  const length = (Math.ceil(shown / UNIT_CHUNK) + 1) * UNIT_CHUNK;
  return { from: start, to: start + length };
}

export const isoRange = (r: DayRange) => ({ from: isoFromDay(r.from), to: isoFromDay(r.to) });

/** Today in the browser's time zone, as a day number. */
export function todayDay(now: Date = new Date()): DayNumber {
  return dayFromCivil(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** A YYYY-MM-DD from a URL or input, or null. */
export function dayOf(value: unknown): DayNumber | null {
  return parseIsoDay(value);
}
