// The light pages (LIGHT_NAMESPACES) carry only the account screens' translations: a component they
// render that reads another namespace would show its raw keys. This walks each page's imports (and
// the app's) and collects every namespace its source names; and checks what the page sends.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIGHT_NAMESPACES, NAMESPACES, ROUTE_NAMESPACES } from './namespaces';
import { lightPageTranslations, pageTranslations } from './pageTranslations';

const SRC = path.resolve(__dirname, '../..');
const LIGHT_PAGES = ['sign-in', 'sign-up', 'forgot-password', 'reset-password', 'verify-email', '404', '500'];

function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/') ? path.join(SRC, specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : undefined;
  if (!base) return undefined; // a package: no translations of ours
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

/** Namespaces the source names: useTranslation('ns'), useTranslation(['a', 'b']), 'ns:key' strings; the default namespace (common) for useTranslation() and withTranslation(). */
function namespacesIn(source: string): Set<string> {
  const found = new Set<string>();
  for (const [, list] of source.matchAll(/useTranslation\(\s*\[([^\]]*)\]/g)) for (const [, ns] of list!.matchAll(/'([a-z-]+)'/g)) found.add(ns!);
  for (const [, ns] of source.matchAll(/useTranslation\(\s*'([a-z-]+)'/g)) found.add(ns!);
  if (/(useTranslation|withTranslation)\(\s*\)/.test(source)) found.add('common');
  for (const [, ns] of source.matchAll(/['"`]([a-z-]+):[A-Za-z]/g)) if ((NAMESPACES as readonly string[]).includes(ns!)) found.add(ns!);
  return found;
}

/** Each module reachable from entry (static and dynamic imports) with the namespaces it names. */
function namespacesReachedFrom(entry: string): Map<string, Set<string>> {
  const reached = new Map<string, Set<string>>();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop()!;
    if (reached.has(file)) continue;
    // Comments out, so a doc example (`formMessage('accommodation:…')`) is not counted.
    const source = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');
    reached.set(file, namespacesIn(source));
    for (const [, specifier] of source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)) {
      const target = resolveImport(file, specifier!);
      if (target) todo.push(target);
    }
  }
  return reached;
}

function pageNamespaces(page: string): Map<string, string[]> {
  const byNamespace = new Map<string, string[]>();
  for (const entry of [`pages/${page}.tsx`, 'pages/_app.tsx']) {
    for (const [file, namespaces] of namespacesReachedFrom(path.join(SRC, entry))) {
      for (const ns of namespaces) byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), path.relative(SRC, file)]);
    }
  }
  return byNamespace;
}

describe('light pages', () => {
  it('see the namespaces a page reads (the walk reaches components, dynamic imports and key strings)', () => {
    expect([...pageNamespaces('sign-in').keys()].sort()).toEqual(['auth', 'common', 'error']);
    // The home page's dashboard comes through a dynamic import and reads the areas' namespaces.
    expect([...pageNamespaces('index').keys()]).toEqual(expect.arrayContaining(['booking', 'inbox']));
    expect(namespacesIn("t('snippets:errors.nameTaken'); useTranslation(['rate', 'tasks'])")).toEqual(new Set(['snippets', 'rate', 'tasks']));
  });

  for (const page of LIGHT_PAGES) {
    it(`${page} renders no namespace beyond ${LIGHT_NAMESPACES.join(', ')}, and sends only those`, () => {
      const outside = [...pageNamespaces(page)].filter(([ns]) => !LIGHT_NAMESPACES.includes(ns as never));
      expect(Object.fromEntries(outside), 'namespaces read by modules the page imports').toEqual({});
      expect(fs.readFileSync(path.join(SRC, 'pages', `${page}.tsx`), 'utf8')).toMatch(/lightPageTranslations\(locale\)/);
    });
  }
});

describe('translations a page sends', () => {
  it('a light page sends its three namespaces, in its own language only', async () => {
    for (const locale of ['en', 'hu']) {
      const { _nextI18Next } = await lightPageTranslations(locale);
      expect(Object.keys(_nextI18Next!.initialI18nStore)).toEqual([locale]);
      expect(Object.keys(_nextI18Next!.initialI18nStore[locale]).sort()).toEqual([...LIGHT_NAMESPACES].sort());
    }
  });

  it('a Hungarian page sends no English (every key is translated)', async () => {
    const { _nextI18Next } = await pageTranslations('hu', ['rate']);
    expect(Object.keys(_nextI18Next!.initialI18nStore)).toEqual(['hu']);
    expect(Object.keys(_nextI18Next!.initialI18nStore.hu).sort()).toEqual([...ROUTE_NAMESPACES, 'rate'].sort());
    expect(_nextI18Next!.initialI18nStore.hu.auth).toMatchObject({ signIn: expect.anything() });
  });
});
