// How often "Sync now" (functions/ical/sync.ts) may run: each sync fetches a URL the caller chose
// and parses what comes back, so a script must not turn it into a request cannon against a channel
// or a CPU drain on the backend. Sliding windows in memory, per feed and per user; the cron poll
// is not limited.
const windows = new Map<string, number[]>();

export const SYNC_LIMITS = {
  /** Syncs of one feed, whoever asks: 5 per 10 minutes. */
  feed: { max: 5, windowMs: 10 * 60_000 },
  /** Syncs by one user, any feeds: 20 per 10 minutes. */
  user: { max: 20, windowMs: 10 * 60_000 },
} as const;

function recent(key: string, windowMs: number, now: number): number[] {
  return (windows.get(key) ?? []).filter((t) => t > now - windowMs);
}

/**
 * Counts one sync of the feed by the user when both windows have room and answers 0; otherwise
 * counts nothing and answers the seconds until the fuller window lets one through.
 */
export function takeSync(feedId: string, userId: string, now = Date.now()): number {
  const checks = [
    { key: `feed:${feedId}`, ...SYNC_LIMITS.feed },
    { key: `user:${userId}`, ...SYNC_LIMITS.user },
  ].map((c) => ({ ...c, times: recent(c.key, c.windowMs, now) }));
  const full = checks.filter((c) => c.times.length >= c.max);
  if (full.length) return Math.max(...full.map((c) => Math.ceil((c.times[c.times.length - c.max] + c.windowMs - now) / 1000)), 1);
  for (const c of checks) windows.set(c.key, [...c.times, now]);
  if (windows.size > 10_000) for (const [k, times] of windows) if (times.every((t) => t <= now - SYNC_LIMITS.feed.windowMs)) windows.delete(k);
  return 0;
}
