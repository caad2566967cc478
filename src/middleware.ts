// Redirects by the stored session on the server, before a page is served (rules and why:
// src/features/auth/sessionRedirect.ts). Runs only for the staff pages and sign-in.
import { NextResponse, type NextRequest } from 'next/server';
import { isDocumentRequest, sessionRedirect } from '@/features/auth/sessionRedirect';

export function middleware(request: NextRequest) {
  const target = sessionRedirect({
    url: request.url,
    cookie: request.headers.get('cookie') ?? '',
    document: isDocumentRequest(request.method, request.headers),
  });
  if (!target) return undefined;
  const response = NextResponse.redirect(target, 307);
  // The answer depends on the visitor's cookie: no shared or browser cache may keep it.
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

// Next reads this at build time and needs literals: src/features/shell/staffPages.ts's STAFF_PAGES
// (routeMatcher form) and sign-in, checked by staffPages.test.ts. Nothing else (assets, API
// routes, public pages) reaches the middleware; Next adds the locale prefixes and data routes.
export const config = {
  matcher: [
    '/sign-in',
    '/accommodations',
    '/accommodations/:id',
    '/account',
    '/account/security',
    '/account/tokens',
    '/bookings',
    '/bookings/:id',
    '/bookings/sync',
    '/calendar',
    '/cleanings',
    '/inbox',
    '/inbox/emails',
    '/ntak',
    '/price-rules',
    '/snippets',
    '/tasks',
    '/tfh/:id',
    '/viza',
  ],
};
