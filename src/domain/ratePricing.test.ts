import { describe, expect, it } from 'vitest';
import { allowedParents, applyModifier, applyModifiers, clampPrice, derivePrice, RateDerivationError, resolveRate, type RateOnDate } from './ratePricing';

const rates = (...list: RateOnDate[]) => new Map(list.map((rate) => [rate.id, rate]));

describe('modifiers', () => {
  it('increase and decrease by amount or percent', () => {
    expect(applyModifier(10000, { direction: 'increase', kind: 'PERCENT', value: 10 })).toBe(11000);
    expect(applyModifier(10000, { direction: 'decrease', kind: 'PERCENT', value: 5 })).toBe(9500);
    expect(applyModifier(10000, { direction: 'increase', kind: 'FIX', value: 500 })).toBe(10500);
    expect(applyModifier(10000, { direction: 'decrease', kind: 'FIX', value: 2500 })).toBe(7500);
    // 9999 × 12.5% = 1249.875 → 1250
    expect(applyModifier(9999, { direction: 'increase', kind: 'PERCENT', value: 12.5 })).toBe(11249);
    expect(() => applyModifier(100, { direction: 'increase', kind: 'FIX', value: -1 })).toThrow(RangeError);
  });

  it('apply in order and never below zero', () => {
    expect(applyModifiers(10000, [{ direction: 'increase', kind: 'PERCENT', value: 10 }, { direction: 'decrease', kind: 'FIX', value: 500 }])).toBe(10500);
    expect(applyModifiers(10000, [{ direction: 'decrease', kind: 'FIX', value: 500 }, { direction: 'increase', kind: 'PERCENT', value: 10 }])).toBe(10450);
    expect(applyModifiers(1000, [{ direction: 'decrease', kind: 'FIX', value: 5000 }])).toBe(0);
    expect(applyModifiers(1000, [])).toBe(1000);
  });
});

describe('clamping', () => {
  it('keeps a price between min and max when given', () => {
    expect(clampPrice(5000, 8000, 20000)).toBe(8000);
    expect(clampPrice(25000, 8000, 20000)).toBe(20000);
    expect(clampPrice(12000, 8000, 20000)).toBe(12000);
    expect(clampPrice(25000, null, undefined)).toBe(25000);
    expect(clampPrice(100, null, 50)).toBe(50);
    expect(() => clampPrice(100, 200, 100)).toThrow(RangeError);
  });
});

describe('derived rates', () => {
  it('derive by signed percent or amount', () => {
    expect(derivePrice(20000, { kind: 'PERCENT', change: -10 })).toBe(18000);
    expect(derivePrice(20000, { kind: 'FIX', change: -2000 })).toBe(18000);
    // 19999 × 15% = 2999.85 → 3000
    expect(derivePrice(19999, { kind: 'PERCENT', change: 15 })).toBe(22999);
  });

  const base: RateOnDate = { id: 'base', price: 20000, closedToArrival: true, closedToDeparture: false, modifiers: [{ direction: 'increase', kind: 'FIX', value: 1000 }] };

  it('starts from the parent final price, then own modifiers, then own clamp', () => {
    const derived: RateOnDate = { id: 'nonref', price: 0, derivation: { parentId: 'base', kind: 'PERCENT', change: -10, inheritClosedToArrival: true, inheritClosedToDeparture: true }, modifiers: [{ direction: 'decrease', kind: 'FIX', value: 900 }], minPrice: 15000 };
    // base: 20000 + 1000 = 21000; derived: 21000 - 10% = 18900; - 900 = 18000 (above min 15000)
    expect(resolveRate('nonref', rates(base, derived))).toEqual({ price: 18000, closedToArrival: true, closedToDeparture: false });
    const clamped = { ...derived, minPrice: 19000 };
    expect(resolveRate('nonref', rates(base, clamped)).price).toBe(19000);
  });

  it('inherit closed-to-arrival and closed-to-departure only when asked', () => {
    const own: RateOnDate = { id: 'own', price: 0, closedToArrival: false, closedToDeparture: true, derivation: { parentId: 'base', kind: 'FIX', change: 500, inheritClosedToArrival: false, inheritClosedToDeparture: false } };
    expect(resolveRate('own', rates(base, own))).toEqual({ price: 21500, closedToArrival: false, closedToDeparture: true });
    const arrivalOnly: RateOnDate = { ...own, derivation: { parentId: 'base', kind: 'FIX', change: 0, inheritClosedToArrival: true, inheritClosedToDeparture: false } };
    expect(resolveRate('own', rates(base, arrivalOnly))).toEqual({ price: 21000, closedToArrival: true, closedToDeparture: true });
  });

  it('follow chains and reject cycles and missing parents', () => {
    const mid: RateOnDate = { id: 'mid', price: 0, derivation: { parentId: 'base', kind: 'PERCENT', change: -10, inheritClosedToArrival: true, inheritClosedToDeparture: true } };
    const leaf: RateOnDate = { id: 'leaf', price: 0, derivation: { parentId: 'mid', kind: 'FIX', change: -900, inheritClosedToArrival: true, inheritClosedToDeparture: true } };
    expect(resolveRate('leaf', rates(base, mid, leaf))).toEqual({ price: 18000, closedToArrival: true, closedToDeparture: false });
    const a: RateOnDate = { id: 'a', price: 0, derivation: { parentId: 'b', kind: 'FIX', change: 0, inheritClosedToArrival: false, inheritClosedToDeparture: false } };
    const b: RateOnDate = { id: 'b', price: 0, derivation: { parentId: 'a', kind: 'FIX', change: 0, inheritClosedToArrival: false, inheritClosedToDeparture: false } };
    expect(() => resolveRate('a', rates(a, b))).toThrowError(RateDerivationError);
    expect(() => resolveRate('leaf', rates(leaf))).toThrow(/missing/);
  });

  it('offer only parents that do not create a cycle', () => {
    const parents = new Map<string, string | null>([['base', null], ['mid', 'base'], ['leaf', 'mid'], ['other', null]]);
    expect(allowedParents('mid', parents).sort()).toEqual(['base', 'other']);
    expect(allowedParents('base', parents).sort()).toEqual(['other']);
    expect(allowedParents(null, parents).sort()).toEqual(['base', 'leaf', 'mid', 'other']);
  });
});
