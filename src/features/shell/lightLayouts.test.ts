// The account, error and staff pages' first-load path: walk their static imports (what the bundler
// puts in their first load) and look for Apollo and the date pickers.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../..');
const STATIC_IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function resolveLocal(specifier: string, fromFile: string): string | null {
  const base = specifier.startsWith('@/') ? path.join(SRC, specifier.slice(2)) : path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every npm module specifier reachable from a page through static imports (type-only imports excluded). */
function modulesReachableFrom(page: string): Set<string> {
  const modules = new Set<string>();
  const seen = new Set<string>();
  const queue = [path.join(SRC, 'pages', page)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (/^\s*(?:import|export)\s+type\s/.test(match[0])) continue;
      const specifier = match[1] ?? match[2];
      if (specifier.startsWith('.') || specifier.startsWith('@/')) {
        const resolved = resolveLocal(specifier, file);
        if (resolved) queue.push(resolved);
      } else {
        modules.add(specifier);
      }
    }
  }
  return modules;
}

/** Every npm package reachable from a page through static imports. */
function packagesReachableFrom(page: string): Set<string> {
  return new Set([...modulesReachableFrom(page)].map((m) => (m.startsWith('@') ? m.split('/').slice(0, 2).join('/') : m.split('/')[0])));
}

const LIGHT_PAGES = ['sign-in.tsx', 'sign-up.tsx', 'forgot-password.tsx', 'reset-password.tsx', 'verify-email.tsx', '404.tsx', '500.tsx'];

describe('pages on the light layouts', () => {
  it.each(LIGHT_PAGES)('%s has the theme and the session but not Apollo or the date pickers', (page) => {
    const packages = packagesReachableFrom(page);
    expect(packages).toContain('@mui/material');
    expect(packages).toContain('@nhost/react');
    expect(packages).not.toContain('@apollo/client');
    expect(packages).not.toContain('@mui/x-date-pickers');
  });

  // MUI's TextField always bundles its select mode (Select, Menu, Popover, Modal); the signed-out
  // forms use LightTextField, which keeps these pages under 300 kB First Load JS.
  it.each(LIGHT_PAGES)('%s has no MUI TextField, Select or Menu on its first-load path', (page) => {
    const modules = [...modulesReachableFrom(page)];
    expect(modules.filter((m) => /^@mui\/material(\/(TextField|Select|Menu|Popover|Modal))?$/.test(m))).toEqual([]);
  });
});

// Staff pages: the page module (their first-load path) has the theme and the session; the data
// client comes with the shell's own chunk and each view's, loaded by dynamic import (layouts.tsx).
const STAFF_PAGES = fs
  .readdirSync(path.join(SRC, 'pages'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.tsx') && fs.readFileSync(path.join(SRC, 'pages', file), 'utf8').includes('staffLayout('));

describe('staff pages', () => {
  it('are found', () => {
    expect(STAFF_PAGES).toEqual(expect.arrayContaining(['accommodations/index.tsx', 'calendar.tsx', path.join('bookings', '[id].tsx')]));
  });

  it.each(STAFF_PAGES)('%s keeps Apollo and the date pickers off its first-load path', (page) => {
    const packages = packagesReachableFrom(page);
    expect(packages).toContain('@nhost/react');
    expect(packages).not.toContain('@apollo/client');
    expect(packages).not.toContain('@mui/x-date-pickers');
  });

  it('get the data client and the shell from the lazily loaded chrome', () => {
    const packages = packagesReachableFrom('../features/shell/components/StaffChrome.tsx');
    expect(packages).toContain('@apollo/client');
    expect(packages).toContain('@mui/material');
  });
});
