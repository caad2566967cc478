import { describe, expect, it } from 'vitest';
import { areaOfPath, canOpen, navigationFor, type NavArea } from './navigation';
import { appRoleOf } from './roles';

describe('navigation by role', () => {
  it('gives property staff and owners the accommodations area and others only home and account', () => {
    expect(navigationFor('manager').map((a) => a.id)).toEqual(expect.arrayContaining(['home', 'accommodations', 'account']));
    expect(navigationFor('admin').map((a) => a.id)).toContain('accommodations');
    expect(navigationFor('cleaner').map((a) => a.id)).toEqual(expect.arrayContaining(['home', 'cleanings', 'account']));
    expect(navigationFor('cleaner').map((a) => a.id)).not.toContain('accommodations');
    expect(navigationFor('owner').map((a) => a.id)).toEqual(expect.arrayContaining(['home', 'accommodations', 'account']));
    expect(navigationFor('contractor').map((a) => a.id)).toEqual(['home', 'account']);
    expect(navigationFor(null).map((a) => a.id)).toEqual(['home', 'account']);
  });

  it('leaves out areas that are not built yet', () => {
    const areas: NavArea[] = [
      { id: 'home', href: '/', labelKey: 'nav.home', icon: 'home', roles: ['cleaner'], available: true },
      { id: 'cleanings', href: '/cleanings', labelKey: 'nav.cleanings', icon: 'home', roles: ['cleaner'], available: false },
    ];
    expect(navigationFor('cleaner', areas).map((a) => a.id)).toEqual(['home']);
    expect(canOpen('cleanings', 'cleaner', areas)).toBe(false);
  });

  it('finds the area of a path by its longest prefix', () => {
    expect(areaOfPath('/accommodations/123')?.id).toBe('accommodations');
    expect(areaOfPath('/')?.id).toBe('home');
    expect(areaOfPath('/accommodationsX')).toBeUndefined();
    expect(canOpen('accommodations', 'cleaner')).toBe(false);
    expect(canOpen('accommodations', 'member')).toBe(true);
  });

  it('opens bookings to the office staff and managers, not to owners, cleaners or contractors', () => {
    for (const role of ['admin', 'communicator', 'member', 'manager'] as const) expect(canOpen('bookings', role)).toBe(true);
    for (const role of ['owner', 'cleaner', 'contractor', 'inspector'] as const) expect(canOpen('bookings', role)).toBe(false);
    expect(areaOfPath('/bookings/new')?.id).toBe('bookings');
  });

  it('opens tasks to office staff and managers, cleanings to them and cleaners', () => {
    for (const role of ['admin', 'communicator', 'member', 'manager'] as const) expect(canOpen('tasks', role) && canOpen('cleanings', role)).toBe(true);
    expect(canOpen('cleanings', 'cleaner')).toBe(true);
    for (const role of ['cleaner', 'owner', 'contractor', 'inspector'] as const) expect(canOpen('tasks', role)).toBe(false);
    for (const role of ['owner', 'contractor', 'inspector'] as const) expect(canOpen('cleanings', role)).toBe(false);
  });

  it('reads the product role from the session user', () => {
    expect(appRoleOf({ defaultRole: 'owner', roles: ['owner', 'user', 'me'] })).toBe('owner');
    expect(appRoleOf({ defaultRole: 'user', roles: ['user', 'me', 'inspector'] })).toBe('inspector');
    expect(appRoleOf({ defaultRole: 'user', roles: ['user', 'me'] })).toBeNull();
    expect(appRoleOf(null)).toBeNull();
  });
});
