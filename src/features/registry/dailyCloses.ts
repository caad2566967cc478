// The state of each of the last days' daily close from the submission rows (newest row of a day
// first): closed once any row was accepted, otherwise the newest row's state; no row is "missing".
export interface DayState {
  day: string;
  state: 'closed' | 'failed' | 'pending' | 'blocked' | 'missing';
  reason: string | null;
}

export function lastDays(today: string, count: number): string[] {
  const t = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(t - (count - i) * 86_400_000).toISOString().slice(0, 10));
}

export function dayStates(days: string[], rows: { report_date: string | null; status: string; reason: string | null }[]): DayState[] {
  return days.map((day) => {
    const mine = rows.filter((r) => r.report_date === day);
    if (mine.some((r) => r.status === 'success')) return { day, state: 'closed', reason: null };
    const newest = mine[0];
    if (!newest) return { day, state: 'missing', reason: null };
    const state = newest.status === 'error' ? 'failed' : newest.status === 'blocked' || newest.status === 'skipped' ? 'blocked' : 'pending';
    return { day, state, reason: newest.reason };
  });
}
