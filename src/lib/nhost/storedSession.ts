// Whether this browser holds an Nhost session, read from the refresh-token cookie the session
// client (@nhost/nextjs, cookie storage) keeps, without loading the client itself. Lean pages use
// it to decide whether to fetch the signed-in screens at all.
import { useSyncExternalStore } from 'react';
import { hasStoredSession, REFRESH_TOKEN_COOKIE } from './storedSessionCookie';

export { hasStoredSession, REFRESH_TOKEN_COOKIE };

/** Class the inline head script puts on <html> before first paint when a session is stored. */
export const STORED_SESSION_CLASS = 'sd-session';

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

/**
 * Inline script for the <head> of pages only signed-in users see: with no stored session it sends
 * the visitor to sign-in (and back afterwards, as StaffFrame would) before the page's scripts run,
 * when the middleware (src/middleware.ts, the same rule on the server) did not already,
 * so a signed-out visitor never downloads and runs the staff bundle. The locale prefix is kept. A
 * URL carrying `refreshToken` (a magic link or provider sign-in landing here) is let through: the
 * Nhost client signs in with it.
 */
export const SIGNED_OUT_REDIRECT_SCRIPT = `(function(){try{if(/[?&]refreshToken=/.test(window.location.search))return;var c=document.cookie.split(';');for(var i=0;i<c.length;i++){var p=c[i].trim().split('=');if(p[0]==='${REFRESH_TOKEN_COOKIE}'&&p[1]&&p[1]!=='null'&&p[1]!=='undefined')return;}var l=window.location,m=/^\\/(hu|en)(?=\\/|$)/.exec(l.pathname),pre=m?'/'+m[1]:'',back=(l.pathname.slice(pre.length)||'/')+l.search;l.replace(pre+'/sign-in'+(back==='/'?'':'?redirectTo='+encodeURIComponent(back)));}catch(e){}})();`;

/**
 * Inline script for the <head> of the sign-in page: a visitor who already holds a session goes on to
 * where they were going (`redirectTo`, a same-site path, else home; the locale prefix kept) before
 * the page's scripts run, so the sign-in screen's code is neither downloaded nor run for nothing
 * (docs/performance.md). Only on the document's first load (`readyState` "loading"): when a staff
 * page finds the stored session stale it comes back here by a client-side navigation, and must then
 * get the form, not another round trip. An address carrying a refresh token or an error from a
 * redirect sign-in is left to the page (the client signs in with it, the screen shows the error).
 * The middleware (src/middleware.ts) answers the same with a redirect on the server; this stays the
 * fallback where no middleware runs (a cached or statically hosted copy of the page).
 */
export const SIGNED_IN_REDIRECT_SCRIPT = `(function(){try{if(document.readyState!=='loading')return;var l=window.location,q=new URLSearchParams(l.search);if(q.has('refreshToken')||q.has('error'))return;var c=document.cookie.split(';'),s=false;for(var i=0;i<c.length;i++){var p=c[i].trim().split('=');if(p[0]==='${REFRESH_TOKEN_COOKIE}'&&p[1]&&p[1]!=='null'&&p[1]!=='undefined')s=true;}if(!s)return;var t=q.getAll('redirectTo'),to=t.length===1?t[0]:'/';if(to.charAt(0)!=='/'||new URL(to,l.origin).origin!==l.origin)to='/';var m=/^\\/(hu|en)(?=\\/|$)/.exec(l.pathname),pre=m&&!/^\\/(hu|en)(?=[\\/?#]|$)/.test(to)?'/'+m[1]:'';l.replace(pre&&to==='/'?pre:pre+to);}catch(e){}})();`;
