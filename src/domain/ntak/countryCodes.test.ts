// The country list exists twice: COUNTRY_CODES (forms, sender, doubles) and the database's
// public.is_ntak_country (migration 1795500000000). They must hold the same codes.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './enums';

const MIGRATION = path.resolve(__dirname, '../../../nhost/migrations/default/1795500000000_ntak_country_codes/up.sql');

describe('NTAK country codes', () => {
  it('are the same list in the domain and in the database check', () => {
    const sql = fs.readFileSync(MIGRATION, 'utf8');
    const array = /is_ntak_country[\s\S]*?ARRAY\[([\s\S]*?)\]/.exec(sql)?.[1] ?? '';
    const inDb = [...array.matchAll(/'([A-Z]{2})'/g)].map((m) => m[1]);
    expect(new Set(inDb).size).toBe(inDb.length);
    expect([...inDb].sort()).toEqual([...COUNTRY_CODES].sort());
    // ISO 3166-1 alpha-2 (249 codes) plus XK, as NTAK documents.
    expect(COUNTRY_CODES.size).toBe(250);
  });
});
