// The signed-in-only pages (every page whose layout is `staffLayout`), in Next's route form. The
// middleware sends a visitor without a session from these to sign-in on the server (src/middleware.ts,
// whose `config.matcher` must repeat them as literals); staffPages.test.ts checks this list against
// src/pages and the matcher against this list, so a new staff page cannot be left out.
export const STAFF_PAGES = [
  '/accommodations',
  '/accommodations/[id]',
  '/account',
  '/account/security',
  '/account/tokens',
  '/bookings',
  '/bookings/[id]',
  '/bookings/sync',
  '/calendar',
  '/cleanings',
  '/inbox',
  '/inbox/emails',
  '/ntak',
  '/price-rules',
  '/snippets',
  '/tasks',
  '/tfh/[id]',
  '/viza',
] as const;

/** A middleware matcher's path for a route: `[id]` becomes `:id`. */
export const routeMatcher = (route: string) => route.replace(/\[(\w+)\]/g, ':$1');

const STAFF_PATTERNS = STAFF_PAGES.map((route) => new RegExp(`^${route.replace(/\[\w+\]/g, '[^/]+')}$`));

/** Whether a path (without its locale prefix) is one of the staff pages. */
export const isStaffPath = (pathname: string) => STAFF_PATTERNS.some((pattern) => pattern.test(pathname));
