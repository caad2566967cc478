import { describe, expect, it } from 'vitest';
import { parseBuildOutput, toKb } from './buildOutput';

// Captured from `next build` of this app (Next 15.5, pages router, en/hu), 2026-11-24.
const SAMPLE = `Compiled successfully

Route (pages)                                 Size  First Load JS
┌ ● /                                      2.97 kB         146 kB
├   └ css/69168d7af8fbcb1d.css               696 B
├   /_app                                      0 B         141 kB
├ ○ /404                                     835 B         346 kB
├ ● /500                                     836 B         346 kB
├ ● /accommodations                          406 B         450 kB
├ ƒ /accommodations/[id]                     348 B         450 kB
├ ● /account                               2.59 kB         388 kB
├ ● /account/security                      4.86 kB         397 kB
├ ● /account/tokens                        46.5 kB         449 kB
├ ● /forgot-password                         961 B         390 kB
├ ● /reset-password                        2.89 kB         388 kB
├ ● /sign-in                               2.97 kB         397 kB
├ ● /sign-up                               1.38 kB         396 kB
└ ● /verify-email                             1 kB         390 kB
+ First Load JS shared by all               141 kB
  ├ chunks/framework-d35e00d02d0ab11f.js   68.8 kB
  ├ chunks/main-9f620575c63fc6a8.js        37.9 kB
  ├ chunks/pages/_app-306c9ffea0794f5f.js  32.2 kB
  └ other shared chunks (total)            2.21 kB

○  (Static)   prerendered as static content
●  (SSG)      prerendered as static HTML (uses getStaticProps)
ƒ  (Dynamic)  server-rendered on demand
`;

describe('next build route table', () => {
  it('reads each route with its own size and First Load JS, and the shared chunks', () => {
    const sizes = parseBuildOutput(SAMPLE);
    expect(sizes.routes.map((r) => r.path)).toEqual([
      '/', '/_app', '/404', '/500', '/accommodations', '/accommodations/[id]', '/account', '/account/security',
      '/account/tokens', '/forgot-password', '/reset-password', '/sign-in', '/sign-up', '/verify-email',
    ]);
    expect(sizes.routes[0]).toEqual({ path: '/', kind: 'ssg', sizeKb: 2.97, firstLoadKb: 146 });
    expect(sizes.routes.find((r) => r.path === '/_app')).toEqual({ path: '/_app', kind: 'app', sizeKb: 0, firstLoadKb: 141 });
    expect(sizes.routes.find((r) => r.path === '/404')?.kind).toBe('static');
    expect(sizes.routes.find((r) => r.path === '/accommodations/[id]')).toMatchObject({ kind: 'dynamic', sizeKb: 0.348, firstLoadKb: 450 });
    expect(sizes.sharedKb).toBe(141);
    expect(sizes.sharedChunks.map((c) => c.name)).toEqual([
      'chunks/framework-d35e00d02d0ab11f.js', 'chunks/main-9f620575c63fc6a8.js', 'chunks/pages/_app-306c9ffea0794f5f.js', 'other shared chunks (total)',
    ]);
    expect(sizes.sharedChunks[2].sizeKb).toBe(32.2);
  });

  it('ignores colour codes and refuses output without a route table', () => {
    const coloured = SAMPLE.replace('/sign-in ', '\u001b[1m/sign-in\u001b[22m ');
    expect(parseBuildOutput(coloured).routes.find((r) => r.path === '/sign-in')?.firstLoadKb).toBe(397);
    expect(() => parseBuildOutput('Failed to compile.')).toThrow(/Route \(pages\)/);
  });

  it('converts Next’s decimal units', () => {
    expect(toKb('835', 'B')).toBe(0.835);
    expect(toKb('1.5', 'MB')).toBe(1500);
    expect(toKb('146', 'kB')).toBe(146);
  });
});
