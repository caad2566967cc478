// Every translation key exists in both languages (nested keys, every namespace file), and every
// namespace the app loads has a file in each language.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, NAMESPACES } from './namespaces';

const root = path.resolve(__dirname, '../../../public/locales');

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function load(locale: string, file: string): Map<string, unknown> {
  return flatten(JSON.parse(fs.readFileSync(path.join(root, locale, file), 'utf8')));
}

const filesOf = (locale: string) => fs.readdirSync(path.join(root, locale)).filter((f) => f.endsWith('.json')).sort();

describe('translations', () => {
  it('have the same namespace files in every language, covering every namespace', () => {
    const en = filesOf('en');
    for (const locale of LOCALES) expect(filesOf(locale), locale).toEqual(en);
    for (const ns of NAMESPACES) expect(en).toContain(`${ns}.json`);
  });

  for (const file of filesOf('en')) {
    it(`${file}: every key is in English and Hungarian, none empty`, () => {
      const en = load('en', file);
      const hu = load('hu', file);
      const missingInHu = [...en.keys()].filter((k) => !hu.has(k));
      const missingInEn = [...hu.keys()].filter((k) => !en.has(k));
      expect({ missingInHu, missingInEn }).toEqual({ missingInHu: [], missingInEn: [] });
      for (const [key, value] of [...en, ...hu]) {
        if (key === '') continue; // an empty namespace file
        expect(typeof value === 'string' && value.trim() !== '', `${file}: ${key}`).toBe(true);
      }
    });
  }
});
