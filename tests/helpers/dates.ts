// Dates relative to today, as the demo seeds see it: the day in Budapest, or the pinned seed day
// (STAYDESK_SEED_TODAY). Tests that read or add to demo data use these, never a calendar date that
// will pass.

/** YYYY-MM-DD of today in Budapest (or STAYDESK_SEED_TODAY). */
export function budapestToday(): string {
  if (process.env.STAYDESK_SEED_TODAY) return process.env.STAYDESK_SEED_TODAY;
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** The ISO day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The demo's today moved by `days`: `demoDay(0)` is today, `demoDay(400)` lies beyond every seeded booking. */
export function demoDay(days: number): string {
  return addDays(budapestToday(), days);
}

/** The first day of the month `months` from today's (0: this month). */
export function demoMonth(months: number): string {
  const [y, m] = budapestToday().split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return d.toISOString().slice(0, 10);
}
