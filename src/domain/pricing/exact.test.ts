import { describe, expect, it } from 'vitest';
import { percentOf } from '../money';
import { addPpm, ppmOf, ppmShare } from './exact';

describe('exact percent shares', () => {
  it('give the same answer as money.percentOf, small and huge amounts, both signs', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const percents = [0, 4, 10, 12.5, 15, -10, -12, 33.3333, 0.0001, 99.9999, -100, 1000, 2.75];
    for (let i = 0; i < 20_000; i += 1) {
      const magnitude = 10 ** Math.floor(random() * 15);
      const amount = Math.round((random() - 0.3) * magnitude);
      const percent = i < percents.length * 50 ? percents[i % percents.length] : Math.round((random() - 0.5) * 4_000_000) / 10_000;
      expect(ppmShare(amount, ppmOf(percent)), `${amount} × ${percent}%`).toBe(percentOf(amount, percent));
    }
  });

  it('rounds half away from zero', () => {
    expect(ppmShare(5, ppmOf(10))).toBe(1); // 0.5 → 1
    expect(ppmShare(-5, ppmOf(10))).toBe(-1);
    expect(ppmShare(15, ppmOf(10))).toBe(2); // 1.5 → 2
    expect(ppmShare(14, ppmOf(10))).toBe(1);
    expect(addPpm(10000, ppmOf(15))).toBe(11500);
    expect(addPpm(9999, ppmOf(-12.5))).toBe(8749); // 9999 - 1249.875 → 9999 - 1250
    expect(ppmShare(99_999_999_999_999, ppmOf(1000))).toBe(999_999_999_999_990); // BigInt path
  });
});
