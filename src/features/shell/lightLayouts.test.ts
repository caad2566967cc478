// The account, error and staff pages' first-load path: walk their static imports (what the bundler
// puts in their first load) and look for Apollo and the date pickers.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulesReachableFromFile, packagesOf } from '@/test/staticImports';

const SRC = path.resolve(__dirname, '../..');
/** Reachable from a page file under src/pages. */
const modulesReachableFrom = (page: string) => modulesReachableFromFile(path.join(SRC, 'pages', page));
const packagesReachableFrom = (page: string) => packagesOf(modulesReachableFrom(page));

const LIGHT_PAGES = ['sign-in.tsx', 'sign-up.tsx', 'forgot-password.tsx', 'reset-password.tsx', 'verify-email.tsx', '404.tsx', '500.tsx'];
/** The account screens' views, each a chunk of its own (lazyAccountView), by page. */
const ACCOUNT_VIEWS: Record<string, string> = {
  'sign-in.tsx': 'SignInView.tsx',
  'sign-up.tsx': 'SignUpView.tsx',
  'forgot-password.tsx': 'ForgotPasswordView.tsx',
  'reset-password.tsx': 'ResetPasswordView.tsx',
  'verify-email.tsx': 'VerifyEmailView.tsx',
};
const viewModules = (page: string) => modulesReachableFromFile(path.join(SRC, 'features', 'auth', 'views', ACCOUNT_VIEWS[page]!));

describe('pages on the light layouts', () => {
  it.each(LIGHT_PAGES)('%s has the theme but not the Nhost SDK, Apollo or the date pickers', (page) => {
    const packages = packagesReachableFrom(page);
    expect(packages).toContain('@mui/material');
    // The session client is a chunk of its own (SessionProvider); the account forms, which drive
    // the SDK's hooks, come with their view's (lazyAccountView).
    expect([...packages].filter((p) => p.startsWith('@nhost/'))).toEqual([]);
    expect(packages).not.toContain('@apollo/client');
    expect(packages).not.toContain('@mui/x-date-pickers');
  });

  it.each(Object.keys(ACCOUNT_VIEWS))("%s's view brings the SDK's hooks but not Apollo or the date pickers", (page) => {
    expect(fs.readFileSync(path.join(SRC, 'pages', page), 'utf8')).toContain(`lazyAccountView(() => import('@/features/auth/views/${ACCOUNT_VIEWS[page]!.replace('.tsx', '')}')`);
    const packages = packagesOf(viewModules(page));
    expect(packages).toContain('@nhost/nextjs');
    expect(packages).not.toContain('@apollo/client');
    expect(packages).not.toContain('@mui/x-date-pickers');
  });

  // MUI's TextField always bundles its select mode (Select, Menu, Popover, Modal); the signed-out
  // forms use LightTextField, which keeps these screens light.
  it.each(Object.keys(ACCOUNT_VIEWS))('%s has no MUI TextField, Select or Menu on its page or view', (page) => {
    const modules = [...modulesReachableFrom(page), ...viewModules(page)];
    expect(modules.filter((m) => /^@mui\/material(\/(TextField|Select|Menu|Popover|Modal))?$/.test(m))).toEqual([]);
  });
});

// Staff pages: the page module (their first-load path) has the theme; the session client comes in a
// chunk of its own (SessionProvider), the data client with the shell's and each view's, loaded by
// dynamic import (layouts.tsx).
const STAFF_PAGES = fs
  .readdirSync(path.join(SRC, 'pages'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.tsx') && fs.readFileSync(path.join(SRC, 'pages', file), 'utf8').includes('staffLayout('));

describe('staff pages', () => {
  it('are found', () => {
    expect(STAFF_PAGES).toEqual(expect.arrayContaining(['accommodations/index.tsx', 'calendar.tsx', path.join('bookings', '[id].tsx')]));
  });

  it.each(STAFF_PAGES)('%s keeps the Nhost SDK, Apollo and the date pickers off its first-load path', (page) => {
    const packages = packagesReachableFrom(page);
    expect(packages).toContain('@mui/material');
    expect([...packages].filter((p) => p.startsWith('@nhost/'))).toEqual([]);
    expect(packages).not.toContain('@apollo/client');
    expect(packages).not.toContain('@mui/x-date-pickers');
  });

  it('get the session client from a chunk of its own', () => {
    // The walk above prunes feature entries (index.ts) to the names imported, as webpack does only
    // for a package whose modules are declared free of side effects.
    const manifest = JSON.parse(fs.readFileSync(path.join(SRC, '..', 'package.json'), 'utf8')) as { sideEffects?: unknown };
    expect(manifest.sideEffects).toEqual(['*.css']);
    expect(packagesReachableFrom('../lib/nhost/sessionModules.ts')).toContain('@nhost/nextjs');
    expect(packagesReachableFrom('../lib/nhost/SessionProvider.tsx')).not.toContain('@nhost/nextjs');
  });

  it('get the data client and the shell from the lazily loaded chrome', () => {
    const packages = packagesReachableFrom('../features/shell/components/StaffChrome.tsx');
    expect(packages).toContain('@apollo/client');
    expect(packages).toContain('@mui/material');
  });
});
