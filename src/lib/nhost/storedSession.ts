// Whether this browser holds an Nhost session, read from the refresh-token cookie the session
// client (@nhost/nextjs, cookie storage) keeps, without loading the client itself. Lean pages use
// it to decide whether to fetch the signed-in screens at all.
import { useSyncExternalStore } from 'react';

/** The cookie @nhost/nextjs stores the refresh token in (hasura-auth-js NHOST_REFRESH_TOKEN_KEY). */
export const REFRESH_TOKEN_COOKIE = 'nhostRefreshToken';

/** Class the inline head script puts on <html> before first paint when a session is stored. */
export const STORED_SESSION_CLASS = 'sd-session';

export function hasStoredSession(cookie: string): boolean {
  return cookie.split(';').some((part) => {
    const [name, value] = part.trim().split('=');
    return name === REFRESH_TOKEN_COOKIE && Boolean(value) && value !== 'null' && value !== 'undefined';
  });
}

// Nothing notifies of cookie changes; the signed-in screens take over once mounted.
const subscribe = () => () => {};

/** False on the server and during hydration, then what the cookie says. */
export function useHasStoredSession(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasStoredSession(document.cookie),
    () => false,
  );
}

/**
 * Inline script for <head>: marks <html> before the first paint so the server-rendered landing can
 * stay hidden (CSS) while a signed-in visitor's dashboard loads, instead of flashing.
 */
export const STORED_SESSION_SCRIPT = `(function(){try{var c=document.cookie.split(';');for(var i=0;i<c.length;i++){var p=c[i].trim().split('=');if(p[0]==='${REFRESH_TOKEN_COOKIE}'&&p[1]&&p[1]!=='null'&&p[1]!=='undefined'){document.documentElement.classList.add('${STORED_SESSION_CLASS}');}}}catch(e){}})();`;
