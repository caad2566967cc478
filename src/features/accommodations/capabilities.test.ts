import { describe, expect, it } from 'vitest';
import { capabilitiesFor } from './capabilities';

describe('editor capabilities', () => {
  it('lets members and admins change everything', () => {
    expect(Object.values(capabilitiesFor('member')).every(Boolean)).toBe(true);
    expect(capabilitiesFor('admin')).toEqual(capabilitiesFor('member'));
  });

  it('lets property managers change NTAK fields and images only', () => {
    expect(capabilitiesFor('manager')).toMatchObject({ create: false, basics: false, rates: false, ntak: true, images: true, readsChannels: false });
  });

  it('keeps owners and unknown roles read-only, without the data they may not read', () => {
    for (const role of ['owner', 'cleaner', null] as const) {
      expect(Object.values(capabilitiesFor(role)).some(Boolean)).toBe(false);
    }
  });
});
