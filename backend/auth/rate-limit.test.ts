import { describe, expect, it, vi } from 'vitest';
import { GuessLimit } from './rate-limit';

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

describe('GuessLimit when burning a code fails', () => {
  const wrong = async () => undefined;
  const failingBurn = () => Promise.reject(new Error('database unavailable'));

  it('the guess that counts the code out answers as a wrong one, and later ones, even the right one, are refused', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const limit = new GuessLimit(3);
      for (let i = 0; i < 3; i++) await expect(limit.guess('otp', wrong, failingBurn)).resolves.toBeUndefined();
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('guessed at too often'), 'database unavailable');
      let checked = false;
      const right = async () => {
        checked = true;
        return 'session';
      };
      expect(await limit.guess('otp', right, failingBurn)).toBeUndefined();
      expect(checked).toBe(false);
    } finally {
      logged.mockRestore();
    }
  });

  it('a code pushed out of a full table is burnt before the guess that pushed it answers; a failed burn is logged, not thrown', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const limit = new GuessLimit(5, 1);
      let burnt = false;
      await limit.guess('target', wrong, async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        burnt = true;
      });
      await limit.guess('junk-1', wrong, failingBurn);
      expect(burnt).toBe(true);
      await expect(limit.guess('junk-2', wrong, wrong)).resolves.toBeUndefined();
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('pushed out of the guess table'), 'database unavailable');
    } finally {
      logged.mockRestore();
    }
  });
});
