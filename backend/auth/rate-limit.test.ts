import { describe, expect, it } from 'vitest';
import { FailureCounter } from './rate-limit';

describe('FailureCounter', () => {
  it('burns a secret on the fifth failure and forgets it on success', () => {
    const c = new FailureCounter(5);
    for (let i = 1; i < 5; i++) expect(c.fail('otp-a')).toBe(false);
    expect(c.count('otp-a')).toBe(4);
    expect(c.fail('otp-a')).toBe(true);
    expect(c.count('otp-a')).toBe(0);
    c.fail('otp-b');
    c.reset('otp-b');
    expect(c.count('otp-b')).toBe(0);
  });

  it('when full, evicts the entries touched longest ago instead of wiping everyone', () => {
    const c = new FailureCounter(5, 3);
    for (let i = 0; i < 4; i++) c.fail('target');
    // An attacker floods the table with junk keys to reset the target's count: the target was
    // touched most recently, so only the oldest junk goes.
    c.fail('junk-1');
    c.fail('junk-2');
    c.fail('target');
    expect(c.count('target')).toBe(0);
    const d = new FailureCounter(5, 3);
    for (let i = 0; i < 3; i++) d.fail('target');
    d.fail('junk-1');
    d.fail('junk-2');
    expect(d.count('target')).toBe(3);
    d.fail('junk-3');
    // Now the target is the oldest of four entries in a table of three.
    expect(d.count('target')).toBe(0);
    expect([d.count('junk-1'), d.count('junk-2'), d.count('junk-3')]).toEqual([1, 1, 1]);
  });

  it('a guessed-at secret stays counted while other keys come and go within capacity', () => {
    const c = new FailureCounter(5, 100);
    for (let i = 0; i < 4; i++) c.fail('target');
    for (let i = 0; i < 99; i++) c.fail(`junk-${i}`);
    expect(c.count('target')).toBe(4);
    expect(c.fail('target')).toBe(true);
  });
});
