// Cron schedules as Hasura reads them: five fields (minute hour day-of-month month day-of-week),
// always in UTC; lists, ranges, steps, `*`, month and weekday names, 7 as Sunday. When both the
// day-of-month and the day-of-week are restricted (not `*`), a day matching either runs, as in
// Vixie cron and the Haskell cron library Hasura uses.

export interface CronSchedule {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** Whether the field was `*` (unrestricted), which decides how days combine. */
  anyDay: boolean;
  anyWeekday: boolean;
}

export class CronError extends Error {}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function parseField(text: string, min: number, max: number, names: string[] = [], nameBase = 0): Set<number> {
  const out = new Set<number>();
  const value = (s: string): number => {
    const byName = names.indexOf(s.toUpperCase());
    if (byName >= 0) return byName + nameBase;
    if (!/^\d+$/.test(s)) throw new CronError(`"${s}" is not a number or name`);
    return Number(s);
  };
  for (const part of text.split(',')) {
    const [range, stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new CronError(`bad step in "${part}"`);
    let lo: number;
    let hi: number;
    if (range === '*') {
      lo = min;
      hi = max;
    } else if (range.includes('-')) {
      const [a, b] = range.split('-');
      lo = value(a);
      hi = value(b);
    } else {
      lo = value(range);
      hi = stepText === undefined ? lo : max;
    }
    if (lo < min || hi > max || lo > hi) throw new CronError(`"${part}" is outside ${min}-${max}`);
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

export function parseCron(expr: string): CronSchedule {
  const fields = expr.trim().split(/\s+/);
  if (fields.length !== 5) throw new CronError(`a cron schedule has 5 fields (minute hour day month weekday), got "${expr}"`);
  const [m, h, dom, mon, dow] = fields;
  const weekdays = parseField(dow, 0, 7, WEEKDAYS);
  if (weekdays.has(7)) {
    weekdays.delete(7);
    weekdays.add(0);
  }
  return {
    minutes: parseField(m, 0, 59),
    hours: parseField(h, 0, 23),
    days: parseField(dom, 1, 31),
    months: parseField(mon, 1, 12, MONTHS, 1),
    weekdays,
    anyDay: dom === '*',
    anyWeekday: dow === '*',
  };
}

function dayMatches(s: CronSchedule, d: Date): boolean {
  const dom = s.days.has(d.getUTCDate());
  const dow = s.weekdays.has(d.getUTCDay());
  if (s.anyDay && s.anyWeekday) return true;
  if (s.anyDay) return dow;
  if (s.anyWeekday) return dom;
  return dom || dow;
}

/** The first run strictly after `from` (UTC, whole minutes), or null if none within about five years. */
export function nextRun(s: CronSchedule, from: Date): Date | null {
  const t = new Date(Math.floor(from.getTime() / 60_000) * 60_000 + 60_000);
  const limit = from.getTime() + 5 * 366 * 86_400_000;
  while (t.getTime() <= limit) {
    if (!s.months.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
      continue;
    }
    if (!dayMatches(s, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
      continue;
    }
    if (!s.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
      continue;
    }
    if (!s.minutes.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
      continue;
    }
    return t;
  }
  return null;
}

/** The next `count` runs after `from`. */
export function nextRuns(s: CronSchedule, from: Date, count: number): Date[] {
  const out: Date[] = [];
  let t: Date | null = from;
  while (out.length < count && (t = nextRun(s, t)) !== null) out.push(t);
  return out;
}
