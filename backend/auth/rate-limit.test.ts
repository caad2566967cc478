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

// Attacks found by review: each gave a code more than five checks while it was live.
describe('GuessLimit against floods of junk keys', () => {
  const silenceErrors = () => vi.spyOn(console, 'error').mockImplementation(() => {});
  /** A database that runs statements one at a time in the order sent, as PGlite does. */
  const inOrderDatabase = () => {
    let chain: Promise<unknown> = Promise.resolve();
    return <T>(op: () => T | Promise<T>): Promise<T> => {
      const p = chain.then(op);
      chain = p.catch(() => undefined);
      return p;
    };
  };

  it('a code whose burn failed stays refused once junk keys push its spent count out', async () => {
    const logged = silenceErrors();
    try {
      const limit = new GuessLimit(5, 3);
      let live = true;
      let databaseDown = true;
      let liveChecks = 0;
      const burn = async () => {
        if (databaseDown) throw new Error('database unavailable');
        live = false;
      };
      const guess = (right: boolean) =>
        limit.guess(
          'victim@example.com',
          async () => {
            if (live) liveChecks += 1;
            return right && live ? 'session' : undefined;
          },
          burn,
        );
      for (let i = 0; i < 5; i++) await guess(false);
      expect(await guess(true)).toBeUndefined();
      databaseDown = false;
      for (const junk of ['j1@x.com', 'j2@x.com', 'j3@x.com']) await limit.guess(junk, async () => undefined, async () => {});
      for (let i = 0; i < 4; i++) await guess(false);
      expect({ result: await guess(true), liveChecks }).toEqual({ result: undefined, liveChecks: 5 });
    } finally {
      logged.mockRestore();
    }
  });

  it('a refused guess burns again a spent code whose burn failed', async () => {
    const logged = silenceErrors();
    try {
      const limit = new GuessLimit(2);
      let databaseDown = true;
      let burnt = false;
      const burn = async () => {
        if (databaseDown) throw new Error('database unavailable');
        burnt = true;
      };
      for (let i = 0; i < 2; i++) await limit.guess('otp', async () => undefined, burn);
      expect(burnt).toBe(false);
      databaseDown = false;
      expect(await limit.guess('otp', async () => 'session', burn)).toBeUndefined();
      expect(burnt).toBe(true);
    } finally {
      logged.mockRestore();
    }
  });

  it('a count whose burn failed as it was pushed out is kept, not lost', async () => {
    const logged = silenceErrors();
    try {
      const limit = new GuessLimit(5, 1);
      let live = true;
      let databaseDown = true;
      let liveChecks = 0;
      const check = async () => {
        if (live) liveChecks += 1;
        return undefined;
      };
      const burn = async () => {
        if (databaseDown) throw new Error('database unavailable');
        live = false;
      };
      for (let i = 0; i < 4; i++) await limit.guess('target', check, burn);
      await limit.guess('junk', async () => undefined, async () => {});
      databaseDown = false;
      for (let i = 0; i < 5; i++) await limit.guess('target', check, burn);
      expect(liveChecks).toBe(5);
    } finally {
      logged.mockRestore();
    }
  });

  it('guesses held by an eviction burn and orphaned by junk keys are no extra checks of a new code', async () => {
    const db = inOrderDatabase();
    let version = 0;
    let live = true;
    const liveChecks: number[] = [];
    const check = () =>
      db(() => {
        if (live) liveChecks[version] = (liveChecks[version] ?? 0) + 1;
        return undefined;
      });
    const burn = () => db(() => void (live = false));
    const limit = new GuessLimit(5, 2);
    let n = 0;
    const junk = () => limit.guess(`junk-${n++}`, () => db(() => undefined), () => db(() => undefined));
    await junk();
    await junk();
    let release = () => {};
    const backlog = new Promise<void>((resolve) => (release = resolve));
    void db(() => backlog);
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < 5; i++) pending.push(limit.guess('V', check, burn), junk(), junk());
    // A new code is sent while those guesses wait on the database.
    pending.push(db(() => void ((version = 1), (live = true))).then(() => limit.forget('V')));
    release();
    await Promise.all(pending);
    for (let i = 0; i < 5; i++) await limit.guess('V', check, burn);
    expect(liveChecks[1] ?? 0).toBeLessThanOrEqual(5);
  });

  it('guesses racing the burn of their own pushed-out count wait for it (a pooled database)', async () => {
    let live = true;
    let liveChecks = 0;
    const check = async () => {
      if (live) liveChecks += 1;
      return undefined;
    };
    const burn = () => new Promise<void>((resolve) => setTimeout(() => ((live = false), resolve()), 20));
    const limit = new GuessLimit(5, 1);
    for (let i = 0; i < 4; i++) await limit.guess('V', check, burn);
    const flood = limit.guess('junk', async () => undefined, async () => {});
    const racing = Array.from({ length: 5 }, () => limit.guess('V', check, burn));
    await Promise.all([flood, ...racing]);
    expect(liveChecks).toBeLessThanOrEqual(5);
  });
});

describe('GuessLimit under random bursts, new codes and floods', () => {
  /** A small seeded generator, so a failing seed can be replayed. */
  const seeded = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  async function attack(seed: number, pooled: boolean): Promise<number[]> {
    const random = seeded(seed);
    let chain: Promise<unknown> = Promise.resolve();
    // In order, one statement at a time (PGlite), or a pool that finishes them in any order.
    let down = false;
    const db = <T>(statement: () => T): Promise<T> => {
      // While the database is down every statement fails, checks and burns alike.
      const op = () => {
        if (down) throw new Error('database unavailable');
        return statement();
      };
      if (pooled) {
        let hops = Math.floor(random() * 8);
        return new Promise((resolve) => {
          const step = () => (hops-- > 0 ? queueMicrotask(step) : resolve(Promise.resolve().then(op)));
          step();
        });
      }
      const p = chain.then(op);
      chain = p.catch(() => undefined);
      return p;
    };
    let version = 0;
    let live = true;
    const liveChecks: number[] = [0];
    const check = () =>
      db(() => {
        if (live) liveChecks[version] += 1;
        return undefined;
      });
    const burn = () => db(() => void (live = false));
    const limit = new GuessLimit(5, 1 + Math.floor(random() * 3));
    let junkKeys = 0;
    const pending: Promise<unknown>[] = [];
    for (let step = 0; step < 40; step++) {
      const roll = random();
      let action: Promise<unknown>;
      if (roll < 0.05) down = !down;
      if (roll < 0.5) action = limit.guess('victim', check, burn);
      else if (roll < 0.85) action = limit.guess(`junk-${junkKeys++}`, () => db(() => undefined), () => db(() => undefined));
      else
        action = db(() => {
          version += 1;
          live = true;
          liveChecks[version] = 0;
        }).then(() => limit.forget('victim'));
      pending.push(action.catch(() => undefined));
      if (random() < 0.3) await Promise.all(pending.splice(0));
    }
    await Promise.all(pending);
    down = false;
    // The attacker's last chance: five more guesses once the database is back.
    for (let i = 0; i < 5; i++) await limit.guess('victim', check, burn);
    return liveChecks;
  }

  it('no code is ever checked more than five times while live, with the database failing now and then', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (let seed = 1; seed <= 300; seed++) {
        for (const pooled of [false, true]) {
          const liveChecks = await attack(seed, pooled);
          expect({ seed, pooled, most: Math.max(...liveChecks) }).toEqual({ seed, pooled, most: Math.min(5, Math.max(...liveChecks)) });
        }
      }
    } finally {
      logged.mockRestore();
    }
  });
});

// A pooled database where each statement lands when it is sent and its answer comes back
// later (`answerDelay` turns of the event loop's microtask queue, or when released).
describe('GuessLimit when a new code is sent', () => {
  const tick = (n: number) => new Promise<void>((r) => { let k = n; const s = () => (k-- > 0 ? queueMicrotask(s) : r()); s(); });

  it('guesses finished between the new code being stored and forget() are extra checks of it', async () => {
    const limit = new GuessLimit(5);
    let code = 'old';
    let newChecks = 0;
    const check = (otp: string) => async () => {
      if (code === 'new') newChecks += 1;
      return otp === code ? 'session' : undefined;
    };
    const burn = async () => { code = 'burnt'; };
    // /signin/otp/email: `await setTicket(...)` commits the new code, then its answer is slow to come back.
    const request = limit.renew('victim', async () => {
      code = 'new'; // committed
      await tick(200); // the UPDATE's answer on its pool connection
    });
    // Meanwhile the attacker's guesses (fast one-statement checks) land and answer: four, not five,
    // so the fifth failure's burn does not kill the new code.
    for (let i = 0; i < 4; i++) await limit.guess('victim', check(`00000${i}`), burn);
    await request;
    for (let i = 4; i < 9; i++) await limit.guess('victim', check(`00000${i}`), burn);
    expect(newChecks).toBeLessThanOrEqual(5);
  });

  it('a right guess drops the count of guesses still in flight; a new code sent next gets them on top', async () => {
    const limit = new GuessLimit(5);
    let code = 'first';
    let secondChecks = 0;
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    // A slow check (a query waiting for a pool connection): it reads the code once it runs.
    const slow = (otp: string) => async () => {
      await gate;
      if (code === 'second') secondChecks += 1;
      return otp === code ? 'session' : undefined;
    };
    const burn = async () => { code = 'burnt'; };
    const held = Array.from({ length: 4 }, (_, i) => limit.guess('victim', slow(`11111${i}`), burn));
    // The owner signs in with the right code (consumed) ...
    expect(await limit.guess('victim', async () => { code = 'consumed'; return 'session'; }, burn)).toBe('session');
    // ... and someone (the attacker: anyone may ask) has a new code sent.
    await limit.renew('victim', async () => void (code = 'second'));
    release();
    await Promise.all(held);
    for (let i = 0; i < 5; i++) await limit.guess('victim', async () => { if (code === 'second') secondChecks += 1; return undefined; }, burn);
    expect(secondChecks).toBeLessThanOrEqual(5);
  });
});

describe('GuessLimit.renew holds the old code to its count while the new one is stored', () => {
  it('a failed eviction burn answered after renew() does not put the old spent count over the new code', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const limit = new GuessLimit(5, 1);
      const db = { code: 'old' as string | null };
      const check = (otp: string) => async () => (db.code !== null && otp === db.code ? 'session' : undefined);
      let down = true;
      let answer: (() => void) | undefined;
      // The database drops burns: the first five fail at once, the eviction's hangs and then fails.
      let hang = false;
      const burn = async () => {
        if (hang) {
          hang = false;
          await new Promise<void>((r) => (answer = r));
        }
        if (down) throw new Error('db down');
        db.code = null;
      };
      for (let i = 0; i < 5; i++) await limit.guess('a', check(`x${i}`), burn);
      expect(limit.started('a')).toBe(5); // spent, not burnt
      hang = true;
      const junk = limit.guess('junk', check('j'), async () => undefined); // pushes 'a' out: its burn hangs
      await limit.renew('a', async () => { db.code = 'new'; }); // the owner's new code, answered first
      answer!(); // the eviction burn now fails
      await junk;
      down = false;
      // Before the fix: the old spent count is put back, the right new code is refused and burnt.
      expect(await limit.guess('a', check('new'), burn)).toBe('session');
    } finally {
      logged.mockRestore();
    }
  });

  it('guesses sent during a slow store count against the old code (no fresh five for it)', async () => {
    const limit = new GuessLimit(5);
    let code = 'old';
    let oldChecks = 0;
    const check = async () => { if (code === 'old') oldChecks += 1; return undefined; };
    const burn = async () => {};
    for (let i = 0; i < 4; i++) await limit.guess('victim', check, burn);
    let commit = () => {};
    const landed = new Promise<void>((r) => (commit = r));
    const request = limit.renew('victim', async () => { await landed; code = 'new'; });
    for (let i = 0; i < 5; i++) await limit.guess('victim', check, burn);
    commit();
    await request;
    expect(oldChecks).toBe(5);
  });

  it('a store that fails leaves the old count as it was', async () => {
    const limit = new GuessLimit(5);
    for (let i = 0; i < 3; i++) await limit.guess('victim', async () => undefined, async () => {});
    await expect(limit.renew('victim', async () => { throw new Error('database unavailable'); })).rejects.toThrow();
    expect(limit.started('victim')).toBe(3);
  });
});

// The fuzz of rate-limit.test.ts, with the new code's store answered late on a pool (its answer
// comes back some turns after it landed), as /signin/otp/email's setTicket can be.
describe('GuessLimit under random bursts with slow answers to new codes', () => {
  const seeded = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  async function attack(seed: number, useRenew: boolean, withFailures: boolean): Promise<number[]> {
    const random = seeded(seed);
    const hop = (n: number) => new Promise<void>((r) => { let k = n; const s = () => (k-- > 0 ? queueMicrotask(s) : r()); s(); });
    let down = false;
    const db = async <T>(statement: () => T, late = 0): Promise<T> => {
      await hop(Math.floor(random() * 8));
      if (down) throw new Error('database unavailable');
      const v = statement();
      await hop(late);
      return v;
    };
    let version = 0;
    let live = true;
    const liveChecks: number[] = [0];
    const check = () => db(() => { if (live) liveChecks[version] += 1; return undefined; });
    const burn = () => db(() => void (live = false));
    const limit = new GuessLimit(5, 1 + Math.floor(random() * 3));
    let junkKeys = 0;
    const pending: Promise<unknown>[] = [];
    for (let step = 0; step < 40; step++) {
      const roll = random();
      let action: Promise<unknown>;
      if (withFailures && roll < 0.05) down = !down;
      if (roll < 0.5) action = limit.guess('victim', check, burn);
      else if (roll < 0.8) action = limit.guess(`junk-${junkKeys++}`, () => db(() => undefined), () => db(() => undefined));
      else {
        const store = () => db(() => { version += 1; live = true; liveChecks[version] = 0; }, Math.floor(random() * 40));
        action = useRenew ? limit.renew('victim', store) : store().then(() => limit.forget('victim'));
      }
      pending.push(action.catch(() => undefined));
      if (random() < 0.3) await Promise.all(pending.splice(0));
    }
    await Promise.all(pending);
    down = false;
    for (let i = 0; i < 5; i++) await limit.guess('victim', check, burn);
    return liveChecks;
  }
  // Store, then forget (the routes before renew) gave worst 10 checks, over five in 127 of 300
  // seeds (worst 9, 54 seeds, with the database failing now and then).
  for (const [useRenew, withFailures] of [[true, false], [true, true]]) {
    it(`no code is checked more than five times while live (${useRenew ? 'renew' : 'store, then forget'}${withFailures ? ', the database failing now and then' : ''})`, async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      let worst = 0;
      let seeds = 0;
      for (let seed = 1; seed <= 300; seed++) {
        const most = Math.max(...(await attack(seed, useRenew, withFailures)));
        worst = Math.max(worst, most);
        if (most > 5) seeds += 1;
      }
      logged.mockRestore();
      expect({ worst, seeds }).toEqual({ worst: Math.min(worst, 5), seeds: 0 });
    });
  }
});
