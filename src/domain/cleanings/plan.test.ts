import { describe, expect, it } from 'vitest';
import { loadKey, pickCleaner, planBookingCleanings, reassignCleanings, type ExistingCleaning } from './plan';

const U1 = 'unit-1';
const U2 = 'unit-2';
const stay = (unitId: string, checkin: string, checkout: string, cancelled = false) => ({ unitId, checkin, checkout, cancelled });
const cleaning = (id: string, unitId: string, date: string, status: ExistingCleaning['status'], cleanerUserId: string | null = 'anna'): ExistingCleaning => ({ id, unitId, date, status, cleanerUserId });

describe('planBookingCleanings', () => {
  it('plans one NEW cleaning on the check-out day of each active stay', () => {
    const plan = planBookingCleanings({ stays: [stay(U1, '2026-12-01', '2026-12-05'), stay(U2, '2026-12-01', '2026-12-04')], cleanings: [], cleanersByUnit: { [U1]: ['anna'] } });
    expect(plan).toEqual({ obsolete: [], create: [{ unitId: U1, date: '2026-12-05', cleanerUserId: 'anna' }, { unitId: U2, date: '2026-12-04', cleanerUserId: null }] });
  });

  it('changes nothing when the cleanings already match (a redelivered event)', () => {
    const plan = planBookingCleanings({ stays: [stay(U1, '2026-12-01', '2026-12-05')], cleanings: [cleaning('c1', U1, '2026-12-05', 'ACKNOWLEDGED')], cleanersByUnit: { [U1]: ['anna'] } });
    expect(plan).toEqual({ obsolete: [], create: [] });
  });

  it('a moved stay: the old cleaning becomes OBSOLETE and a NEW one follows, with the same cleaner', () => {
    const plan = planBookingCleanings({
      stays: [stay(U1, '2026-12-03', '2026-12-08')],
      cleanings: [cleaning('c1', U1, '2026-12-05', 'ACKNOWLEDGED', 'zoe')],
      cleanersByUnit: { [U1]: ['anna', 'zoe'] },
    });
    expect(plan).toEqual({ obsolete: ['c1'], create: [{ unitId: U1, date: '2026-12-08', cleanerUserId: 'zoe' }] });
  });

  it('a stay moved to another unit: the old unit cleaning is retired, the new unit gets its cleaner', () => {
    const plan = planBookingCleanings({
      stays: [stay(U2, '2026-12-01', '2026-12-05')],
      cleanings: [cleaning('c1', U1, '2026-12-05', 'NEW', 'anna')],
      cleanersByUnit: { [U1]: ['anna'], [U2]: ['bela'] },
    });
    expect(plan).toEqual({ obsolete: ['c1'], create: [{ unitId: U2, date: '2026-12-05', cleanerUserId: 'bela' }] });
  });

  it('a cancelled or deleted stay leaves only OBSOLETE cleanings, never deletes', () => {
    const cancelled = planBookingCleanings({ stays: [stay(U1, '2026-12-01', '2026-12-05', true)], cleanings: [cleaning('c1', U1, '2026-12-05', 'NEW')], cleanersByUnit: {} });
    expect(cancelled).toEqual({ obsolete: ['c1'], create: [] });
    const deleted = planBookingCleanings({ stays: [], cleanings: [cleaning('c1', U1, '2026-12-05', 'ACKNOWLEDGED')], cleanersByUnit: {} });
    expect(deleted).toEqual({ obsolete: ['c1'], create: [] });
  });

  it('leaves OBSOLETE and REMOVED cleanings as they are, and respects a removal', () => {
    const plan = planBookingCleanings({
      stays: [stay(U1, '2026-12-01', '2026-12-05')],
      cleanings: [cleaning('c0', U1, '2026-12-02', 'OBSOLETE'), cleaning('c1', U1, '2026-12-05', 'REMOVED')],
      cleanersByUnit: { [U1]: ['anna'] },
    });
    expect(plan).toEqual({ obsolete: [], create: [] });
  });

  it('a stay moved away and back gets a NEW cleaning next to the OBSOLETE one', () => {
    const plan = planBookingCleanings({ stays: [stay(U1, '2026-12-01', '2026-12-05')], cleanings: [cleaning('c1', U1, '2026-12-05', 'OBSOLETE', 'zoe')], cleanersByUnit: { [U1]: ['anna', 'zoe'] } });
    expect(plan.obsolete).toEqual([]);
    expect(plan.create).toEqual([{ unitId: U1, date: '2026-12-05', cleanerUserId: 'anna' }]);
  });

  it('two live cleanings on one slot: the acknowledged one stays, the other is retired', () => {
    const plan = planBookingCleanings({
      stays: [stay(U1, '2026-12-01', '2026-12-05')],
      cleanings: [cleaning('a-new', U1, '2026-12-05', 'NEW'), cleaning('z-ack', U1, '2026-12-05', 'ACKNOWLEDGED')],
      cleanersByUnit: {},
    });
    expect(plan).toEqual({ obsolete: ['a-new'], create: [] });
  });

  it('spreads new cleanings over the unit cleaners by their load that day', () => {
    const plan = planBookingCleanings({
      stays: [stay(U1, '2026-12-01', '2026-12-05'), stay(U2, '2026-12-01', '2026-12-05')],
      cleanings: [],
      cleanersByUnit: { [U1]: ['anna', 'bela'], [U2]: ['anna', 'bela'] },
      load: { [loadKey('anna', '2026-12-05')]: 1 },
    });
    expect(plan.create.map((c) => c.cleanerUserId)).toEqual(['bela', 'anna']);
  });
});

describe('pickCleaner', () => {
  it('keeps the previous cleaner only while connected, else the least loaded, ties by id', () => {
    expect(pickCleaner(['bela', 'anna'], '2026-12-05', {}, 'zoe')).toBe('anna');
    expect(pickCleaner(['bela', 'anna'], '2026-12-05', {}, 'bela')).toBe('bela');
    expect(pickCleaner(['bela', 'anna'], '2026-12-05', { [loadKey('anna', '2026-12-05')]: 2, [loadKey('bela', '2026-12-05')]: 1 })).toBe('bela');
    expect(pickCleaner(['anna'], '2026-12-05', { [loadKey('anna', '2026-12-04')]: 5 })).toBe('anna');
    expect(pickCleaner([], '2026-12-05', {})).toBeNull();
  });
});

describe('reassignCleanings', () => {
  const c = (id: string, date: string, cleanerUserId: string | null) => ({ id, date, cleanerUserId });
  it('gives unassigned and disconnected cleaners’ cleanings to connected ones, spreading the load', () => {
    expect(reassignCleanings([c('a', '2026-12-05', null), c('b', '2026-12-05', 'gone'), c('c', '2026-12-06', 'anna')], ['anna', 'bela'], { [loadKey('anna', '2026-12-05')]: 1 })).toEqual([
      { id: 'a', cleanerUserId: 'bela' },
      { id: 'b', cleanerUserId: 'anna' },
    ]);
  });
  it('unassigns when nobody is connected and changes nothing when all is in place', () => {
    expect(reassignCleanings([c('a', '2026-12-05', 'gone'), c('b', '2026-12-05', null)], [])).toEqual([{ id: 'a', cleanerUserId: null }]);
    expect(reassignCleanings([c('a', '2026-12-05', 'anna')], ['anna'])).toEqual([]);
  });
});
