import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { config } from '@/middleware';
import { isStaffPath, routeMatcher, STAFF_PAGES } from './staffPages';

const PAGES_DIR = path.resolve(__dirname, '../../pages');

/** Every route in src/pages whose page takes the staff layout. */
function staffRoutesInPages(dir = PAGES_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return staffRoutesInPages(file);
    if (!/\.tsx?$/.test(entry.name) || !/\bstaffLayout\(/.test(fs.readFileSync(file, 'utf8'))) return [];
    const route = `/${path.relative(PAGES_DIR, file)}`.replace(/\.tsx?$/, '').replace(/\/index$/, '');
    return [route || '/'];
  });
}

describe('staff pages', () => {
  it('lists exactly the pages whose layout is staffLayout', () => {
    expect([...STAFF_PAGES].sort()).toEqual(staffRoutesInPages().sort());
  });

  it('are what the middleware runs for, with sign-in', () => {
    expect(config.matcher).toEqual(['/sign-in', ...STAFF_PAGES.map(routeMatcher)]);
  });

  it('match their paths, a record for each [id], and nothing else', () => {
    expect(isStaffPath('/accommodations')).toBe(true);
    expect(isStaffPath('/accommodations/5c1d')).toBe(true);
    expect(isStaffPath('/bookings/sync')).toBe(true);
    expect(isStaffPath('/tfh/2026-10')).toBe(true);
    expect(isStaffPath('/tfh')).toBe(false);
    expect(isStaffPath('/accommodations/5c1d/edit')).toBe(false);
    expect(isStaffPath('/')).toBe(false);
    expect(isStaffPath('/sign-in')).toBe(false);
    expect(isStaffPath('/journey/abc')).toBe(false);
    expect(isStaffPath('/calendarx')).toBe(false);
  });
});
