import { describe, expect, it } from 'vitest';
import { capabilitiesFor } from './capabilities';

describe('editor capabilities', () => {
  it('lets members and admins change everything', () => {
    expect(Object.values(capabilitiesFor('member')).every(Boolean)).toBe(true);
    expect(capabilitiesFor('admin')).toEqual(capabilitiesFor('member'));
  });

  it('lets property managers create and edit accommodations, but not the owner, money settings or contracts', () => {
    const manager = capabilitiesFor('manager');
    expect(manager).toMatchObject({ create: true, basics: true, units: true, rates: true, taxes: true, fees: true, channels: true, ntak: true, images: true, readsChannels: true });
    expect(manager).toMatchObject({ ownerAndTax: false, contracts: false });
  });

  it('keeps owners and unknown roles read-only, without the data they may not read', () => {
    for (const role of ['owner', 'cleaner', null] as const) {
      expect(Object.values(capabilitiesFor(role)).some(Boolean)).toBe(false);
    }
  });
});
