// One webhook call as Hasura makes it: POST of the JSON payload with the configured headers,
// bounded by the timeout; the request and response recorded in Hasura's invocation-log shape.
export interface DeliveryResult {
  ok: boolean;
  /** HTTP status, or null when no response came (refused, timed out). */
  status: number | null;
  /** Seconds the webhook asked to wait before the next try (Retry-After), if any. */
  retryAfterSec: number | null;
  /** The invocation log's `request` and `response` columns. */
  request: unknown;
  response: unknown;
}

/** Response bodies are kept in the log up to this many characters. */
const MAX_LOGGED_BODY = 10_000;
/** A webhook may ask for at most a day's pause before the next try. */
const MAX_RETRY_AFTER_SEC = 86_400;

export async function deliver(url: string, headers: Record<string, string>, payload: unknown, timeoutSec: number): Promise<DeliveryResult> {
  const sent = { 'Content-Type': 'application/json', 'User-Agent': 'hasura-graphql-engine/staydesk-embedded', ...headers };
  // Header values stay out of the log: they carry the webhook secret.
  const request = { payload, headers: Object.keys(sent).map((name) => ({ name })), version: '2' };
  try {
    // Redirects are not followed: the secret header would go wherever the Location points.
    const res = await fetch(url, { method: 'POST', headers: sent, body: JSON.stringify(payload), redirect: 'manual', signal: AbortSignal.timeout(Math.max(1, timeoutSec * 1000)) });
    // Cut at a whole character, so the log never holds half of one.
    const body = Array.from((await res.text()).slice(0, MAX_LOGGED_BODY + 1)).slice(0, MAX_LOGGED_BODY).join('');
    const retryAfter = Number(res.headers.get('retry-after'));
    return {
      ok: res.status >= 200 && res.status < 300,
      status: res.status,
      retryAfterSec: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, MAX_RETRY_AFTER_SEC) : null,
      request,
      response: { type: 'webhook_response', data: { head: [...res.headers].map(([name, value]) => ({ name, value })), body, status: res.status }, version: '2' },
    };
  } catch (e) {
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    const message = timedOut ? `webhook did not answer within ${timeoutSec} s` : `webhook could not be reached: ${e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e)}`;
    return { ok: false, status: null, retryAfterSec: null, request, response: { type: 'client_error', data: { message }, version: '2' } };
  }
}
