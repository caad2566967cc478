// Comparing a caller's secret with ours must not leak, through its timing, how many leading
// characters were right: both sides are hashed to equal length and compared in constant time.
import crypto from 'node:crypto';

export function safeEqual(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}
