// WebSocket close codes of the realtime connection (SPEC 8) and which of them end retrying.

/** Close code the client uses to restart the socket with new credentials. */
export const CLIENT_RESTART_CODE = 4205;
export const CLIENT_RESTART_REASON = 'Client Restart';
/** Close code the client uses when the server does not answer a ping in time. */
export const PONG_TIMEOUT_CODE = 4408;
export const PONG_TIMEOUT_MS = 5000;

/** Close codes the server may send (graphql-transport-ws and Hasura). */
export const DEFINED_CLOSE_CODES = [4500, 4005, 4400, 4004, 4401, 4403, 4406, 4408, 4504, 4409, 4429] as const;

const FATAL_PROTOCOL_CODES = new Set([4400, 4401, 4406, 4409, 4429]);
/** 1000-1999 codes that mean "the connection went away", not "you did something wrong". */
const NORMAL_TRANSPORT_CODES = new Set([1000, 1001, 1005, 1006, 1012, 1013, 1014]);

/** True when reconnecting cannot help: bad request, unauthorised, bad subprotocol, duplicates, too many inits. */
export function isFatalCloseCode(code: number): boolean {
  if (FATAL_PROTOCOL_CODES.has(code)) return true;
  return code >= 1000 && code <= 1999 && !NORMAL_TRANSPORT_CODES.has(code);
}

/** graphql-ws `shouldRetry`: every failure is retried unless it carries a fatal close code. */
export function shouldRetryRealtime(errOrCloseEvent: unknown): boolean {
  if (typeof errOrCloseEvent === 'object' && errOrCloseEvent !== null && 'code' in errOrCloseEvent) {
    const code = (errOrCloseEvent as { code: unknown }).code;
    if (typeof code === 'number') return !isFatalCloseCode(code);
  }
  return true;
}
