// Every translation key this area uses literally exists in English and Hungarian, and both
// languages have the same keys (no user-facing string may be missing in either).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LISTING_CHANNELS } from '@/domain/accommodations/channelListings';

const root = path.resolve(__dirname, '../../..');
type Tree = { [key: string]: string | Tree };
const load = (locale: string, ns: string): Tree => JSON.parse(fs.readFileSync(path.join(root, 'public/locales', locale, `${ns}.json`), 'utf8'));
const flatten = (tree: Tree, prefix = ''): string[] => Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : flatten(value, `${prefix}${key}.`)));
/** i18next plural forms (_one, _other) count as their base key. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('accommodation and rate translations', () => {
  for (const ns of ['accommodation', 'rate']) {
    it(`${ns}: English and Hungarian have the same keys`, () => {
      expect(flatten(load('hu', ns)).sort()).toEqual(flatten(load('en', ns)).sort());
    });
  }

  it('every literal key used by the area exists', () => {
    const keys = {
      accommodation: new Set(flatten(load('en', 'accommodation')).map(base)),
      rate: new Set(flatten(load('en', 'rate')).map(base)),
    };
    const files = [...sources(path.join(root, 'src/features/accommodations')), ...sources(path.join(root, 'src/pages/accommodations'))];
    const missing: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      // Which namespace a file translates with: rate files use 'rate' first, the rest 'accommodation'.
      const primary = /useTranslation\(\[?'rate'/.test(text) ? 'rate' : 'accommodation';
      for (const match of text.matchAll(/\bt\('([a-zA-Z:.]+)'/g)) {
        const [ns, key] = match[1].includes(':') ? (match[1].split(':') as ['accommodation' | 'rate', string]) : [primary, match[1]];
        const inNs = keys[ns as 'accommodation' | 'rate']?.has(key);
        // Editor-wide fields translate through both namespaces (see FormFields).
        if (!inNs && !keys.accommodation.has(key) && !keys.rate.has(key)) missing.push(`${path.relative(root, file)}: ${match[1]}`);
      }
      for (const match of text.matchAll(/messageKey: '(accommodation|rate):([a-zA-Z.]+)'/g)) if (!keys[match[1] as 'accommodation' | 'rate'].has(match[2])) missing.push(match[0]);
    }
    expect(missing).toEqual([]);
  });

  it('every validation message key of the domain schemas exists', () => {
    const schemas = fs.readFileSync(path.join(root, 'src/domain/accommodations/accommodationSchemas.ts'), 'utf8');
    const used = [...schemas.matchAll(/formMessage\('accommodation:(validation\.[a-zA-Z]+)'/g)].map((m) => m[1]);
    const uniqueness = fs.readFileSync(path.join(root, 'src/domain/uniqueness.ts'), 'utf8');
    const errors = [...uniqueness.matchAll(/messageKey: '(?:accommodation|rate):(errors\.[a-zA-Z]+)'/g)].map((m) => m[1]);
    const known = new Set([...flatten(load('en', 'accommodation')), ...flatten(load('en', 'rate'))].map(base));
    expect(used.length).toBeGreaterThan(8);
    expect(errors.length).toBe(7);
    const channelForm = fs.readFileSync(path.join(root, 'src/domain/accommodations/channelListings.ts'), 'utf8');
    const channelKeys = [...channelForm.matchAll(/formMessage\('accommodation:([a-zA-Z.]+)'/g)].map((m) => m[1]);
    expect(channelKeys).toEqual(['channels.invalidUrl']);
    expect([...used, ...errors, ...channelKeys].filter((key) => !known.has(key))).toEqual([]);
  });

  it('every channel the database knows has a name in both languages', () => {
    for (const locale of ['en', 'hu']) {
      const names = flatten(load(locale, 'accommodation')).filter((key) => key.startsWith('channels.names.'));
      expect(names.map((key) => key.slice('channels.names.'.length))).toEqual([...LISTING_CHANNELS]);
    }
  });
});
