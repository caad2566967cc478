// Translation namespaces (SPEC 1, 2): every route loads the shared ones, plus its area's own.
export const NAMESPACES = ['accommodation', 'auth', 'booking', 'calendar', 'cleanings', 'common', 'error', 'inbox', 'journey', 'ntak-iranytu', 'rate', 'snippets', 'tasks', 'tfh'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Loaded by every route (SPEC 2). */
export const ROUTE_NAMESPACES: readonly Namespace[] = ['common', 'auth', 'error', 'booking', 'calendar', 'accommodation', 'journey', 'ntak-iranytu'];

export const LOCALES = ['en', 'hu'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function routeNamespaces(extra: readonly Namespace[] = []): Namespace[] {
  return [...new Set([...ROUTE_NAMESPACES, ...extra])];
}
