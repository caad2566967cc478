// Attempts per client address and purpose in a sliding window, in memory: enough to stop guessing
// journeys by e-mail and date, or flooding the document reader, from one address.
const windows = new Map<string, number[]>();

export const LIMITS = {
  /** Find-booking attempts: 10 per 10 minutes. */
  find: { max: 10, windowMs: 10 * 60_000 },
  /** Document photos read: 30 per 10 minutes (each costs about half a second of CPU). */
  scan: { max: 30, windowMs: 10 * 60_000 },
  /** Document photos read per journey, whatever the address: 20 per 10 minutes (a few per guest). */
  scanJourney: { max: 20, windowMs: 10 * 60_000 },
  /** Journey page loads: 300 per 10 minutes. */
  read: { max: 300, windowMs: 10 * 60_000 },
  /** Writes (check-ins, orders, invoice details): 60 per 10 minutes. */
  write: { max: 60, windowMs: 10 * 60_000 },
} as const;

/** Counts one attempt; false when the address has used up its window. */
export function allow(purpose: keyof typeof LIMITS, address: string, now = Date.now()): boolean {
  const { max, windowMs } = LIMITS[purpose];
  const key = `${purpose}:${address}`;
  const recent = (windows.get(key) ?? []).filter((t) => t > now - windowMs);
  if (recent.length >= max) {
    windows.set(key, recent);
    return false;
  }
  recent.push(now);
  windows.set(key, recent);
  if (windows.size > 10_000) for (const [k, times] of windows) if (times.every((t) => t <= now - windowMs)) windows.delete(k);
  return true;
}

/** Forgets every window (tests). */
export function resetRateLimits(): void {
  windows.clear();
}
