import { describe, expect, it } from 'vitest';
import { FailureCounter, GuessLimit } from './rate-limit';

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

describe('GuessLimit', () => {
  const wrong = async () => undefined;
  it('checks five guesses sent at once, refuses the rest unchecked and burns once', async () => {
    const limit = new GuessLimit(5);
    let checked = 0;
    let burnt = 0;
    const check = async () => {
      checked += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return undefined;
    };
    await Promise.all(Array.from({ length: 50 }, () => limit.guess('otp', check, async () => (burnt += 1))));
    expect([checked, burnt]).toEqual([5, 1]);
    // Still refused until a new code is sent, even the right one.
    expect(await limit.guess('otp', async () => 'session', wrong)).toBeUndefined();
    limit.forget('otp');
    expect(await limit.guess('otp', async () => 'session', wrong)).toBe('session');
  });

  it('a check that throws counts as a wrong guess', async () => {
    const limit = new GuessLimit(2);
    await expect(limit.guess('otp', () => Promise.reject(new Error('db down')), wrong)).rejects.toThrow('db down');
    expect(limit.started('otp')).toBe(1);
    let burnt = false;
    await limit.guess('otp', wrong, async () => (burnt = true));
    expect(burnt).toBe(true);
  });

  it('a right guess starts the count again; junk keys evict only the oldest entries', async () => {
    const limit = new GuessLimit(5, 3);
    for (let i = 0; i < 4; i++) await limit.guess('target', wrong, wrong);
    expect(await limit.guess('target', async () => 1, wrong)).toBe(1);
    expect(limit.started('target')).toBe(0);
    for (let i = 0; i < 4; i++) await limit.guess('target', wrong, wrong);
    await limit.guess('junk-1', wrong, wrong);
    await limit.guess('junk-2', wrong, wrong);
    expect(limit.started('target')).toBe(4);
  });

  it('guesses still being checked when a new code is sent count against the new code', async () => {
    // Their check may run after the new code is stored, so they may be checks of it: forgetting
    // them gave the new code five more checks on top (ten), and their failures burnt it.
    const limit = new GuessLimit(5);
    let checked = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = async () => {
      checked += 1;
      await gate;
      return undefined;
    };
    const inFlight = Array.from({ length: 5 }, () => limit.guess('otp', held, wrong));
    limit.forget('otp');
    const after = Array.from({ length: 5 }, () => limit.guess('otp', held, wrong));
    release();
    await Promise.all([...inFlight, ...after]);
    expect(checked).toBe(5);
    // With nothing in flight, a new code starts from nothing.
    limit.forget('otp');
    expect(await limit.guess('otp', async () => 'session', wrong)).toBe('session');
  });

  it('a code whose count is pushed out of a full table is burnt, so junk keys cannot buy it more checks', async () => {
    const limit = new GuessLimit(5, 3);
    let burnt = false;
    let liveChecks = 0;
    const check = async () => {
      if (!burnt) liveChecks += 1;
      return undefined;
    };
    const burn = async () => (burnt = true);
    for (let i = 0; i < 4; i++) await limit.guess('target', check, burn);
    for (const junk of ['junk-1', 'junk-2', 'junk-3']) await limit.guess(junk, wrong, wrong);
    expect(limit.started('target')).toBe(0);
    for (let i = 0; i < 5; i++) await limit.guess('target', check, burn);
    expect(liveChecks).toBe(4);
  });
});
