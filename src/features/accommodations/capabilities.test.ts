import { describe, expect, it } from 'vitest';
import { capabilitiesFor } from './capabilities';

describe('editor capabilities', () => {
  it('lets members and admins change everything; only admins delete accommodations and units', () => {
    const { deletes, deletesUnits, ...member } = capabilitiesFor('member');
    expect(Object.values(member).every(Boolean)).toBe(true);
    expect(deletes).toBe(false);
    // The member role's permissions edit units but delete none (nhost/metadata).
    expect(deletesUnits).toBe(false);
    expect(capabilitiesFor('admin')).toEqual({ ...capabilitiesFor('member'), deletes: true, deletesUnits: true });
  });

  it('lets property managers create and edit accommodations, but not the owner, money settings or contracts', () => {
    const manager = capabilitiesFor('manager');
    expect(manager).toMatchObject({ create: true, basics: true, units: true, rates: true, taxes: true, fees: true, channels: true, ntak: true, images: true, readsChannels: true });
    expect(manager).toMatchObject({ ownerAndTax: false, contracts: false, deletes: false, deletesUnits: true, readsTasks: true });
  });

  it('keeps fees from communicators, whose role may not read them', () => {
    expect(capabilitiesFor('communicator')).toMatchObject({ readsFees: false, fees: false });
  });

  it('keeps owners and unknown roles read-only, without the data they may not read', () => {
    for (const role of ['cleaner', null] as const) {
      expect(Object.values(capabilitiesFor(role)).some(Boolean)).toBe(false);
    }
    const owner = capabilitiesFor('owner');
    expect(Object.entries(owner).filter(([, allowed]) => allowed).map(([name]) => name)).toEqual(['readsChannelListings', 'readsFees', 'readsOwnerNames']);
  });
});
