// Where to go after signing in, and where e-mailed links should send people back to. Targets are
// given as paths and resolved against the client URL (SPEC 2); anything pointing at another site
// is refused, so a crafted link cannot bounce a fresh session to a stranger.

/** A same-site path from a `redirectTo` value, or the fallback. */
export function safeRedirectPath(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || !target.startsWith('/')) return fallback;
  // Resolved as the browser will: "//x", "/\\x" and "/<tab>/x" (the URL parser drops tabs and
  // newlines) all name another host.
  const base = 'http://same-site.invalid';
  try {
    if (new URL(target, base).origin !== base) return fallback;
  } catch {
    return fallback;
  }
  return target;
}

/** An absolute URL on the client for a path (or a same-origin absolute URL); other origins fall back to the client root. */
export function resolveRedirectTarget(target: string, clientUrl: string): string {
  const base = new URL(clientUrl);
  let resolved: URL;
  try {
    resolved = new URL(target, base);
  } catch {
    return base.origin + '/';
  }
  return resolved.origin === base.origin ? resolved.href : base.origin + '/';
}

/** The sign-in address that brings the user back to `returnTo` afterwards. */
export function signInPathFor(returnTo: string): string {
  const path = safeRedirectPath(returnTo);
  return path === '/' ? '/sign-in' : `/sign-in?redirectTo=${encodeURIComponent(path)}`;
}
