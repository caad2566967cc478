// The refresh-token cookie rule alone, without React: the middleware (src/middleware.ts, Edge
// runtime) reads the request's Cookie header by the same rule the pages' head scripts use.

/** The cookie @nhost/nextjs stores the refresh token in (hasura-auth-js NHOST_REFRESH_TOKEN_KEY). */
export const REFRESH_TOKEN_COOKIE = 'nhostRefreshToken';

/** Whether a cookie string (`document.cookie` or a Cookie header) holds a refresh token; the SDK clears it to "null". */
export function hasStoredSession(cookie: string): boolean {
  return cookie.split(';').some((part) => {
    const [name, value] = part.trim().split('=');
    return name === REFRESH_TOKEN_COOKIE && Boolean(value) && value !== 'null' && value !== 'undefined';
  });
}
