// Calendar dates as ISO strings (YYYY-MM-DD) with UTC arithmetic, so no time zone shifts a night.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

function toUtc(value: string): number {
  if (!isIsoDate(value)) throw new RangeError(`not a date (YYYY-MM-DD): ${value}`);
  return Date.parse(`${value}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  return new Date(toUtc(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / 86_400_000);
}

/** The nights of a stay: every date from check-in up to, not including, check-out. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const count = daysBetween(checkIn, checkOut);
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(checkIn, i));
}

/** "2026-12-10" + "15:30" as the instant in Budapest (where the properties are): "2026-12-10T15:30:00+01:00". */
export function budapestInstant(date: string, time: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Budapest', timeZoneName: 'longOffset' }).formatToParts(noon).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+01:00';
  const offset = name === 'GMT' ? '+00:00' : name.replace('GMT', '');
  return `${date}T${time}:00${offset}`;
}

/** An instant as the Budapest calendar day and wall-clock time: "2026-12-10T15:30:00Z" -> {date: "2026-12-10", time: "16:30"}. */
export function budapestDateTime(instant: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(instant));
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return { date: `${p('year')}-${p('month')}-${p('day')}`, time: `${p('hour')}:${p('minute')}` };
}
