// The parameters the auth service appends when it sends a browser back after a social or e-mailed
// link sign-in (SPEC 2, 8): refreshToken and type on success, error and errorDescription on failure.
// They may arrive in the query string or in the hash.
export const IGNORED_REDIRECT_ERROR = 'social user already exists';
const TOKEN_PARAMS = ['refreshToken', 'type'] as const;

export interface AuthRedirectParams {
  refreshToken: string | null;
  type: string | null;
  error: string | null;
  errorDescription: string | null;
}

function paramSources(url: URL): URLSearchParams[] {
  return [url.searchParams, new URLSearchParams(url.hash.replace(/^#/, ''))];
}

export function readAuthRedirectParams(href: string): AuthRedirectParams {
  const url = new URL(href);
  const get = (name: string) => paramSources(url).map((p) => p.get(name)).find((v) => v !== null) ?? null;
  return { refreshToken: get('refreshToken'), type: get('type'), error: get('error'), errorDescription: get('errorDescription') };
}

/** The error to show the user, if any: the description (or the code), except the ignored one. */
export function authRedirectError(params: AuthRedirectParams): { error: string; message: string } | null {
  if (!params.error) return null;
  if (params.errorDescription === IGNORED_REDIRECT_ERROR) return null;
  return { error: params.error, message: params.errorDescription || params.error };
}

/** The address without the token parameters (so a reload or a shared link cannot replay them). */
export function withoutTokenParams(href: string): string {
  const url = new URL(href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  for (const name of TOKEN_PARAMS) {
    url.searchParams.delete(name);
    hash.delete(name);
  }
  const hashText = hash.toString();
  url.hash = hashText ? `#${hashText}` : '';
  return url.pathname + url.search + url.hash;
}

export function hasTokenParams(href: string): boolean {
  const params = readAuthRedirectParams(href);
  return params.refreshToken !== null || params.type !== null;
}
