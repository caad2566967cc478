// Realtime reconnect policy (SPEC 9): up to 100 attempts, waiting 1000 ms x 2^attempt plus a
// random 0-3000 ms so that many tabs do not reconnect in lock-step after a server restart.
export const WS_RETRY_ATTEMPTS = 100;
export const WS_RETRY_BASE_MS = 1000;
export const WS_RETRY_JITTER_MS = 3000;

/** Milliseconds to wait before reconnect attempt number `attempt` (0-based); `random` in [0, 1). */
export function reconnectDelayMs(attempt: number, random: number = Math.random()): number {
  return WS_RETRY_BASE_MS * 2 ** attempt + Math.floor(random * WS_RETRY_JITTER_MS);
}
