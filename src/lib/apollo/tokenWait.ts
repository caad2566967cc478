// Before any data request the client waits until the stored access token is absent or still valid
// (SPEC 5, 9): a token about to expire would be rejected, and the auth client is refreshing it.
export const TOKEN_WAIT_POLL_MS = 100;
export const TOKEN_EXPIRY_TOLERANCE_MS = 3000;

/** The `exp` claim (seconds since epoch) of a JWT, or null when the token cannot be read. */
export function readTokenExpiry(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const json = decodeBase64Url(parts[1]);
    const claims: unknown = JSON.parse(json);
    if (typeof claims !== 'object' || claims === null) return null;
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * True when a request may go out now: no token (the public role is used), or a token whose
 * expiry is more than the tolerance away. An unreadable token counts as not usable.
 */
export function isTokenUsable(token: string | null | undefined, nowMs: number, toleranceMs = TOKEN_EXPIRY_TOLERANCE_MS): boolean {
  if (!token) return true;
  const exp = readTokenExpiry(token);
  if (exp === null) return false;
  return exp * 1000 - toleranceMs > nowMs;
}

export interface TokenWaitOptions {
  pollMs?: number;
  toleranceMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Stop waiting (e.g. the operation was cancelled). */
  signal?: AbortSignal;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `getToken` until it returns a usable token (or none) and resolves with that value. */
export async function waitForUsableToken(
  getToken: () => string | null | undefined,
  { pollMs = TOKEN_WAIT_POLL_MS, toleranceMs = TOKEN_EXPIRY_TOLERANCE_MS, now = Date.now, sleep = defaultSleep, signal }: TokenWaitOptions = {},
): Promise<string | null> {
  for (;;) {
    const token = getToken() ?? null;
    if (isTokenUsable(token, now(), toleranceMs)) return token;
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
    await sleep(pollMs);
  }
}
