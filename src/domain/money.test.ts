import { describe, expect, it } from 'vitest';
import { divRound, formatMoney, fromMinor, percentOf, toMinor } from './money';

describe('money', () => {
  it('rounds half away from zero', () => {
    expect(divRound(5n, 10n)).toBe(1n);
    expect(divRound(4n, 10n)).toBe(0n);
    expect(divRound(-5n, 10n)).toBe(-1n);
    expect(divRound(15n, 10n)).toBe(2n);
    expect(divRound(25n, 10n)).toBe(3n);
    expect(() => divRound(1n, 0n)).toThrow(RangeError);
  });

  it('converts decimal amounts to minor units per currency', () => {
    expect(toMinor(85.5, 'EUR')).toBe(8550);
    expect(toMinor(1.005, 'EUR')).toBe(101);
    expect(toMinor(-1.005, 'EUR')).toBe(-101);
    expect(toMinor(25000, 'HUF')).toBe(25000);
    expect(toMinor(24999.5, 'HUF')).toBe(25000);
    expect(fromMinor(8550, 'EUR')).toBe(85.5);
    expect(fromMinor(25000, 'HUF')).toBe(25000);
    expect(() => toMinor(Number.NaN, 'EUR')).toThrow(RangeError);
  });

  it('takes percentages exactly', () => {
    expect(percentOf(60000, 4)).toBe(2400);
    expect(percentOf(9999, 12.5)).toBe(1250);
    expect(percentOf(33333, 4)).toBe(1333);
    expect(percentOf(5, 10)).toBe(1);
    expect(percentOf(10000, -10)).toBe(-1000);
  });

  it('formats in the user locale', () => {
    expect(formatMoney(8550, 'EUR', 'en')).toBe('€85.50');
    expect(formatMoney(25000, 'HUF', 'en')).toBe('HUF\u00a025,000');
  });
});
