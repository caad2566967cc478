// Translation namespaces (SPEC 1, 2): every route loads the shared ones, plus its area's own.
export const NAMESPACES = ['accommodation', 'auth', 'booking', 'calendar', 'cleanings', 'common', 'error', 'inbox', 'journey', 'ntak-iranytu', 'rate', 'snippets', 'tasks', 'tfh'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Loaded by every route of the product's areas (SPEC 2). */
export const ROUTE_NAMESPACES: readonly Namespace[] = ['common', 'auth', 'error', 'booking', 'calendar', 'accommodation', 'journey', 'ntak-iranytu'];

/**
 * Sign-in and the other account screens, and the error pages: outside SPEC 2's routes, they draw no
 * area, so their HTML carries only what they render (the route set is 37 kB more in English, 52 kB
 * more in Hungarian, in the first download of every visitor who signs in).
 * pageNamespaces.test.ts walks each such page's imports and fails when one renders anything else.
 */
export const LIGHT_NAMESPACES: readonly Namespace[] = ['common', 'auth', 'error'];

export const LOCALES = ['en', 'hu'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function routeNamespaces(extra: readonly Namespace[] = []): Namespace[] {
  return [...new Set([...ROUTE_NAMESPACES, ...extra])];
}
