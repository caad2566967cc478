// Local times at the properties (Budapest) as instants, for check-in and check-out times.
const TZ = 'Europe/Budapest';

export function todayInBudapest(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** "2026-12-10" + "15:30" in Budapest -> "2026-12-10T15:30:00+01:00". */
export function budapestInstant(date: string, time: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  const name = new Intl.DateTimeFormat('en-US', { timeZone: TZ, timeZoneName: 'longOffset' }).formatToParts(noon).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+01:00';
  const offset = name === 'GMT' ? '+00:00' : name.replace('GMT', '');
  return `${date}T${time}:00${offset}`;
}

/** "15:00:00" -> "15:00". */
export function hhmm(time: string | null | undefined, fallback: string): string {
  return time && /^\d{2}:\d{2}/.test(time) ? time.slice(0, 5) : fallback;
}
