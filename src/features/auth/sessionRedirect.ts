// Where the server sends a page request by the visitor's stored session, before any page is served
// (src/middleware.ts calls it): a staff page without a session goes to sign-in and back afterwards;
// sign-in with a session goes on to where the visitor was going. The same rules as the head scripts
// (SIGNED_OUT_REDIRECT_SCRIPT, SIGNED_IN_REDIRECT_SCRIPT in src/lib/nhost/storedSession.ts), which
// stay as the fallback (sessionRedirect.agreement.test.ts runs both on the same addresses). Saves a
// signed-out visitor the staff page's document and scripts before sign-in (and a signed-in one
// sign-in's): Lighthouse counted both documents' work (docs/performance.md).
// Not a security boundary: the pages are static and the data needs a session anyway.
import { isStaffPath } from '@/features/shell/staffPages';
import { LOCALES } from '@/lib/i18n/namespaces';
import { hasStoredSession } from '@/lib/nhost/storedSessionCookie';

const LOCALE_PREFIX = new RegExp(`^/(${LOCALES.join('|')})(?=/|$)`);
/** A redirectTo that already names a language: the sign-in page's own is not put before it. */
const NAMES_LOCALE = new RegExp(`^/(${LOCALES.join('|')})(?=[/?#]|$)`);

export interface PageRequest {
  /** The address asked for, absolute, with the locale prefix as the visitor wrote it (none for English). */
  url: string;
  /** The request's Cookie header. */
  cookie: string;
  /** A browser loading a document: not Next's client-side data fetch or a prefetch (isDocumentRequest). */
  document: boolean;
}

/**
 * Whether a request loads a page as a document. Next's client-side navigation and prefetch fetch
 * the page's data (`/_next/data/…json`, header `x-nextjs-data`) and must never be redirected: a
 * staff page that finds the stored session stale navigates client-side to sign-in, and a redirect
 * there would send it back to the page (the cookie is still there), round and round. The head
 * script keeps the same rule by acting only while the document is loading.
 */
export function isDocumentRequest(method: string, headers: Headers): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (headers.has('x-nextjs-data') || headers.has('x-middleware-prefetch')) return false;
  if (/prefetch/i.test(`${headers.get('purpose') ?? ''} ${headers.get('sec-purpose') ?? ''}`)) return false;
  // Browsers say what a request is for; a client without the header (curl, a crawler) loads documents.
  const dest = headers.get('sec-fetch-dest');
  return dest === null || dest === 'document';
}

/** The absolute address to send the request to (a 307), or null to serve the page. */
export function sessionRedirect({ url, cookie, document }: PageRequest): string | null {
  if (!document) return null;
  const address = new URL(url);
  const prefix = LOCALE_PREFIX.exec(address.pathname)?.[0] ?? '';
  const path = address.pathname.slice(prefix.length) || '/';
  const query = address.searchParams;
  const signedIn = hasStoredSession(cookie);

  if (isStaffPath(path)) {
    // A magic link or provider sign-in lands here with the token: the client signs in with it.
    if (signedIn || query.has('refreshToken')) return null;
    const back = path + address.search;
    return new URL(`${prefix}/sign-in${back === '/' ? '' : `?redirectTo=${encodeURIComponent(back)}`}`, address.origin).href;
  }

  if (path === '/sign-in') {
    // A redirect sign-in's token or error is for the sign-in screen to handle.
    if (!signedIn || query.has('refreshToken') || query.has('error')) return null;
    const targets = query.getAll('redirectTo');
    const to = targets.length === 1 && isSameSitePath(targets[0], address.origin) ? targets[0] : '/';
    const keepPrefix = prefix !== '' && !NAMES_LOCALE.test(to);
    const target = new URL(keepPrefix ? (to === '/' ? prefix : prefix + to) : to, address.origin);
    // Checked again on the address actually sent: never anywhere but this site.
    return target.origin === address.origin ? target.href : new URL(prefix || '/', address.origin).href;
  }

  return null;
}

/** A path on this site: starts with "/" and resolves to this origin (not "//evil.com", "/\evil.com"). */
function isSameSitePath(to: string, origin: string): boolean {
  if (!to.startsWith('/')) return false;
  try {
    return new URL(to, origin).origin === origin;
  } catch {
    return false;
  }
}
