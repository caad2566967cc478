import { describe, expect, it, vi, type MockInstance } from 'vitest';
import { GuessLimit } from './rate-limit';

const wrong = async () => undefined;
const nothing = async () => {};

/** Runs fn with console.error silenced (a failed burn is logged), giving it the spy to assert on. */
async function withSilencedErrors<T>(fn: (logged: MockInstance) => Promise<T>): Promise<T> {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    return await fn(logged);
  } finally {
    logged.mockRestore();
  }
}

/** A burn that throws while the database is down (`down()`), and otherwise does `burnt`. */
const failingWhile =
  (down: () => boolean, burnt: () => void = () => {}) =>
  async () => {
    if (down()) throw new Error('database unavailable');
    burnt();
  };

/** Resolves after n turns of the microtask queue: a statement waiting for its pool connection. */
const hops = (n: number) =>
  new Promise<void>((resolve) => {
    let left = n;
    const step = () => (left-- > 0 ? queueMicrotask(step) : resolve());
    step();
  });

/** A small seeded generator, so a failing seed can be replayed. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/**
 * How the database answers the limiter's checks, burns and new codes' stores:
 * - in order: one statement at a time, in the order sent (PGlite);
 * - pooled: each statement lands some turns after it was sent, in any order (a pool of connections);
 * - late answers: pooled, and a statement's answer may come back `late` turns after it landed (the
 *   store of /signin/otp/email's new code committed, its answer slow to come back).
 */
type Model = 'in order' | 'pooled' | 'late answers';

/**
 * Statements caught in a network partition: held unanswered until released, at a random later step
 * (answered much later) or only once the network is back (never, while the attack lasts). Held
 * before it lands, a statement has not run yet; held after, it ran and only its answer is held.
 */
function partition(random: () => number) {
  const held: (() => void)[] = [];
  return {
    /** While on, a statement is held with probability `p` (half before it lands, half after). */
    on: false,
    p: 0.1,
    hold(): Promise<void> | undefined {
      if (!this.on || random() >= this.p / 2) return undefined;
      return new Promise<void>((resolve) => held.push(resolve));
    },
    /** Answers one held statement, picked at random. */
    releaseOne(): void {
      if (held.length) held.splice(Math.floor(random() * held.length), 1)[0]();
    },
    /** The network is back: nothing is held any more. */
    heal(): void {
      this.on = false;
      for (const release of held.splice(0)) release();
    },
  };
}

/**
 * A database of that model; while `down` every statement fails, checks and burns alike. With a
 * `partition`, some statements hang (see partition()); `landed` is told each statement that ran.
 */
function database(model: Model, random: () => number = Math.random, net?: ReturnType<typeof partition>, landed?: () => void) {
  const state = { down: false };
  let chain: Promise<unknown> = Promise.resolve();
  const run = <T>(statement: () => T | Promise<T>, late = 0): Promise<T> => {
    const op = () => {
      if (state.down) throw new Error('database unavailable');
      const answer = statement();
      landed?.();
      return answer;
    };
    if (model === 'in order') {
      // One session: a statement held before it runs holds every one sent after it.
      const before = net?.hold();
      const p = chain.then(async () => {
        await before;
        return op();
      });
      chain = p.catch(() => undefined);
      const after = net?.hold();
      return after ? p.finally(() => after) : p;
    }
    return (async () => {
      await hops(Math.floor(random() * 8));
      await net?.hold();
      const answer = await op();
      await net?.hold();
      if (model === 'late answers') await hops(late);
      return answer;
    })();
  };
  return { run, state };
}

describe('GuessLimit', () => {
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
  const down = () => true;

  it('the guess that counts the code out answers as a wrong one, and later ones, even the right one, are refused', () =>
    withSilencedErrors(async (logged) => {
      const limit = new GuessLimit(3);
      for (let i = 0; i < 3; i++) await expect(limit.guess('otp', wrong, failingWhile(down))).resolves.toBeUndefined();
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('guessed at too often'), 'database unavailable');
      let checked = false;
      const right = async () => {
        checked = true;
        return 'session';
      };
      expect(await limit.guess('otp', right, failingWhile(down))).toBeUndefined();
      expect(checked).toBe(false);
    }));

  it('a code pushed out of a full table is burnt before the guess that pushed it answers; a failed burn is logged, not thrown', () =>
    withSilencedErrors(async (logged) => {
      const limit = new GuessLimit(5, 1);
      let burnt = false;
      await limit.guess('target', wrong, async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        burnt = true;
      });
      await limit.guess('junk-1', wrong, failingWhile(down));
      expect(burnt).toBe(true);
      await expect(limit.guess('junk-2', wrong, wrong)).resolves.toBeUndefined();
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('pushed out of the guess table'), 'database unavailable');
    }));

  it('a refused guess burns again a spent code whose burn failed', () =>
    withSilencedErrors(async () => {
      const limit = new GuessLimit(2);
      let databaseDown = true;
      let burnt = false;
      const burn = failingWhile(() => databaseDown, () => (burnt = true));
      for (let i = 0; i < 2; i++) await limit.guess('otp', wrong, burn);
      expect(burnt).toBe(false);
      databaseDown = false;
      expect(await limit.guess('otp', async () => 'session', burn)).toBeUndefined();
      expect(burnt).toBe(true);
    }));

  it('a flood while the database is down costs each guess at most two burns, not one per entry over capacity', () =>
    withSilencedErrors(async () => {
      const capacity = 100;
      const limit = new GuessLimit(5, capacity);
      let burns = 0;
      const failing = async () => {
        burns += 1;
        throw new Error('database unavailable');
      };
      for (let i = 0; i < capacity; i++) await limit.guess(`fill-${i}`, wrong, failing);
      burns = 0;
      // Every eviction fails and stays in the table: evicting all of them again on every guess
      // made these 1,000 guesses cost 500,500 failing burns (and as many log lines).
      for (let i = 0; i < 1000; i++) await limit.guess(`junk-${i}`, wrong, failing);
      expect(burns).toBeLessThanOrEqual(2000);
    }));
});

describe('GuessLimit while the database is down for long', () => {
  it('a flood of new keys stops at twice the capacity: their guesses are refused unchecked, the counts held stay counted', () =>
    withSilencedErrors(async () => {
      const capacity = 50;
      const limit = new GuessLimit(5, capacity);
      let databaseDown = false;
      let burnt = false;
      const burn = failingWhile(() => databaseDown, () => (burnt = true));
      // A code already guessed at three times when the database goes away.
      for (let i = 0; i < 3; i++) await limit.guess('victim', wrong, burn);
      databaseDown = true;
      let checks = 0;
      const counted = async () => {
        checks += 1;
        return undefined;
      };
      for (let i = 0; i < 10 * capacity; i++) await limit.guess(`junk-${i}`, counted, failingWhile(() => databaseDown));
      expect(limit.size).toBe(2 * capacity);
      // Only the guesses that got an entry were checked; the rest never reached the database.
      expect(checks).toBe(2 * capacity - 1);
      // The victim's count was not pushed out unburnt: two more guesses, then refused even when right.
      expect(limit.started('victim')).toBe(3);
      await limit.guess('victim', wrong, burn);
      await limit.guess('victim', wrong, burn);
      databaseDown = false;
      let rightChecked = false;
      const right = async () => {
        rightChecked = true;
        return 'session';
      };
      expect(await limit.guess('victim', right, burn)).toBeUndefined();
      expect(rightChecked).toBe(false);
      expect(burnt).toBe(true);
    }));

  // Found by review: burns that hang (a partition) never failed, so a cap waiting for a failure
  // never came, and a new code stored for a new key during a failing store added an entry past it.
  it('burns that hang unanswered stop a flood at the cap too', async () => {
    const capacity = 10;
    const limit = new GuessLimit(5, capacity);
    const never = () => new Promise<never>(() => {});
    for (let i = 0; i < 1000; i++) void limit.guess(`junk-${i}`, never, never);
    await hops(20);
    expect(limit.size).toBeLessThanOrEqual(2 * capacity);
  });

  it('a new code for a new key is not stored at the cap, so a failing store cannot leave an entry past it', () =>
    withSilencedErrors(async () => {
      const capacity = 5;
      const limit = new GuessLimit(5, capacity);
      const down = async () => {
        throw new Error('database unavailable');
      };
      // A check throws while the database is down (the guess answers with its error).
      for (let i = 0; i < 10 * capacity; i++) await limit.guess(`junk-${i}`, down, down).catch(() => undefined);
      expect(limit.size).toBe(2 * capacity);
      let stores = 0;
      for (let i = 0; i < 100; i++) {
        const renewing = limit.renew(`new-${i}`, async () => {
          stores += 1;
          throw new Error('database unavailable');
        });
        const guessing = limit.guess(`new-${i}`, down, down).catch(() => undefined);
        await expect(renewing).rejects.toThrow('no room to count guesses');
        await guessing;
      }
      expect(stores).toBe(0);
      expect(limit.size).toBe(2 * capacity);
    }));

  it('once the database is back the table drains and new keys are checked again', () =>
    withSilencedErrors(async () => {
      const capacity = 20;
      const limit = new GuessLimit(5, capacity);
      let databaseDown = true;
      for (let i = 0; i < 5 * capacity; i++) await limit.guess(`junk-${i}`, wrong, failingWhile(() => databaseDown));
      expect(limit.size).toBe(2 * capacity);
      let checked = false;
      const right = async () => {
        checked = true;
        return 'session';
      };
      expect(await limit.guess('newcomer', right, async () => {})).toBeUndefined();
      expect(checked).toBe(false);
      databaseDown = false;
      // Each guess evicts up to two of the oldest (their burns now get through).
      for (let i = 0; i < 2 * capacity; i++) await limit.guess(`later-${i}`, wrong, async () => {});
      expect(limit.size).toBeLessThanOrEqual(capacity + 1);
      expect(await limit.guess('newcomer', right, async () => {})).toBe('session');
      expect(checked).toBe(true);
    }));
});

// Attacks found by review: each gave a code more than five checks while it was live.
describe('GuessLimit against floods of junk keys', () => {
  it('a code whose burn failed stays refused once junk keys push its spent count out', () =>
    withSilencedErrors(async () => {
      const limit = new GuessLimit(5, 3);
      let live = true;
      let databaseDown = true;
      let liveChecks = 0;
      const burn = failingWhile(() => databaseDown, () => (live = false));
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
      for (const junk of ['j1@x.com', 'j2@x.com', 'j3@x.com']) await limit.guess(junk, wrong, nothing);
      for (let i = 0; i < 4; i++) await guess(false);
      expect({ result: await guess(true), liveChecks }).toEqual({ result: undefined, liveChecks: 5 });
    }));

  it('a count whose burn failed as it was pushed out is kept, not lost', () =>
    withSilencedErrors(async () => {
      const limit = new GuessLimit(5, 1);
      let live = true;
      let databaseDown = true;
      let liveChecks = 0;
      const check = async () => {
        if (live) liveChecks += 1;
        return undefined;
      };
      const burn = failingWhile(() => databaseDown, () => (live = false));
      for (let i = 0; i < 4; i++) await limit.guess('target', check, burn);
      await limit.guess('junk', wrong, nothing);
      databaseDown = false;
      for (let i = 0; i < 5; i++) await limit.guess('target', check, burn);
      expect(liveChecks).toBe(5);
    }));

  it('guesses held by an eviction burn and orphaned by junk keys are no extra checks of a new code', async () => {
    const db = database('in order').run;
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

  it('junk keys do not burn a code while a guess at it is being checked', async () => {
    const limit = new GuessLimit(5, 1);
    let code: string | null = 'right';
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const owner = limit.guess(
      'owner',
      async () => {
        await gate;
        return code === 'right' ? 'session' : undefined;
      },
      async () => void (code = null),
    );
    await limit.guess('junk', wrong, nothing);
    release();
    expect(await owner).toBe('session');
  });

  it('junk keys do not burn a new code while it is being stored', async () => {
    const limit = new GuessLimit(5, 1);
    let code: string | null = 'old';
    const burn = async () => void (code = null);
    await limit.guess('owner', wrong, burn);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // The new code is committed; the store's answer comes back late.
    const renewing = limit.renew('owner', async () => {
      code = 'new';
      await answered;
    });
    await limit.guess('junk', wrong, nothing);
    answer();
    await renewing;
    expect(await limit.guess('owner', async () => (code === 'new' ? 'session' : undefined), burn)).toBe('session');
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
    const flood = limit.guess('junk', wrong, nothing);
    const racing = Array.from({ length: 5 }, () => limit.guess('V', check, burn));
    await Promise.all([flood, ...racing]);
    expect(liveChecks).toBeLessThanOrEqual(5);
  });
});

describe('GuessLimit when a new code is sent', () => {
  it('guesses finished between the new code being stored and forget() are extra checks of it', async () => {
    const limit = new GuessLimit(5);
    let code = 'old';
    let newChecks = 0;
    const check = (otp: string) => async () => {
      if (code === 'new') newChecks += 1;
      return otp === code ? 'session' : undefined;
    };
    const burn = async () => {
      code = 'burnt';
    };
    // /signin/otp/email: `await setTicket(...)` commits the new code, then its answer is slow to come back.
    const request = limit.renew('victim', async () => {
      code = 'new'; // committed
      await hops(200); // the UPDATE's answer on its pool connection
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
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A slow check (a query waiting for a pool connection): it reads the code once it runs.
    const slow = (otp: string) => async () => {
      await gate;
      if (code === 'second') secondChecks += 1;
      return otp === code ? 'session' : undefined;
    };
    const burn = async () => {
      code = 'burnt';
    };
    const held = Array.from({ length: 4 }, (_, i) => limit.guess('victim', slow(`11111${i}`), burn));
    // The owner signs in with the right code (consumed) ...
    const consume = async () => {
      code = 'consumed';
      return 'session';
    };
    expect(await limit.guess('victim', consume, burn)).toBe('session');
    // ... and someone (the attacker: anyone may ask) has a new code sent.
    await limit.renew('victim', async () => void (code = 'second'));
    release();
    await Promise.all(held);
    const checkSecond = async () => {
      if (code === 'second') secondChecks += 1;
      return undefined;
    };
    for (let i = 0; i < 5; i++) await limit.guess('victim', checkSecond, burn);
    expect(secondChecks).toBeLessThanOrEqual(5);
  });
  // Found by review (the random attacks with statements hanging): the owner's right guess forgot the
  // count when its answer came back, even after a new code had been stored and counted meanwhile.
  it("a right guess answered after a new code was counted does not drop the new code's count", async () => {
    const limit = new GuessLimit(5);
    let code: string | null = 'old';
    let newChecks = 0;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const burn = async () => void (code = null);
    // The owner's right guess: its UPDATE consumes the old code, its answer is slow to come back.
    const owner = limit.guess(
      'victim',
      async () => {
        if (code !== 'old') return undefined;
        code = null;
        await answered;
        return 'session';
      },
      burn,
    );
    // Meanwhile a new code is sent (anyone may ask for one) and guessed at four times.
    await limit.renew('victim', async () => void (code = 'new'));
    const check = async () => {
      if (code === 'new') newChecks += 1;
      return undefined;
    };
    for (let i = 0; i < 4; i++) await limit.guess('victim', check, burn);
    answer();
    expect(await owner).toBe('session');
    // Before the fix the answer reset the count: five more checks of the new code (nine).
    for (let i = 0; i < 5; i++) await limit.guess('victim', check, burn);
    expect(newChecks).toBeLessThanOrEqual(5);
  });
  it('nor one answered while a new code is being stored', async () => {
    const limit = new GuessLimit(5);
    let code: string | null = 'old';
    let newChecks = 0;
    const burn = async () => void (code = null);
    let answerStore = () => {};
    const storeAnswered = new Promise<void>((resolve) => (answerStore = resolve));
    // A new code is sent: it lands once the owner's guess has consumed the old one, its answer is slow.
    let land = () => {};
    const landing = new Promise<void>((resolve) => (land = resolve));
    const renewing = limit.renew('victim', async () => {
      await landing;
      code = 'new';
      await storeAnswered;
    });
    let answerOwner = () => {};
    const ownerAnswered = new Promise<void>((resolve) => (answerOwner = resolve));
    const owner = limit.guess(
      'victim',
      async () => {
        if (code !== 'old') return undefined;
        code = null;
        await ownerAnswered;
        return 'session';
      },
      burn,
    );
    await hops(5);
    land();
    await hops(5);
    expect(code).toBe('new');
    const check = async () => {
      if (code === 'new') newChecks += 1;
      return undefined;
    };
    for (let i = 0; i < 4; i++) await limit.guess('victim', check, burn);
    answerOwner();
    expect(await owner).toBe('session');
    // Before the fix the answer reset the count while the new code's store was still unanswered.
    for (let i = 0; i < 5; i++) await limit.guess('victim', check, burn);
    answerStore();
    await renewing;
    for (let i = 0; i < 5; i++) await limit.guess('victim', check, burn);
    expect(newChecks).toBeLessThanOrEqual(5);
  });
});

describe('GuessLimit.renew holds the old code to its count while the new one is stored', () => {
  it('a failed eviction burn answered after renew() does not put the old spent count over the new code', () =>
    withSilencedErrors(async () => {
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
          await new Promise<void>((resolve) => (answer = resolve));
        }
        await failingWhile(() => down, () => (db.code = null))();
      };
      for (let i = 0; i < 5; i++) await limit.guess('a', check(`x${i}`), burn);
      expect(limit.started('a')).toBe(5); // spent, not burnt
      hang = true;
      const junk = limit.guess('junk', check('j'), nothing); // pushes 'a' out: its burn hangs
      await limit.renew('a', async () => {
        db.code = 'new';
      }); // the owner's new code, answered first
      answer!(); // the eviction burn now fails
      await junk;
      down = false;
      // Before the fix: the old spent count is put back, the right new code is refused and burnt.
      expect(await limit.guess('a', check('new'), burn)).toBe('session');
    }));

  it('guesses sent during a slow store count against the old code (no fresh five for it)', async () => {
    const limit = new GuessLimit(5);
    let code = 'old';
    let oldChecks = 0;
    const check = async () => {
      if (code === 'old') oldChecks += 1;
      return undefined;
    };
    for (let i = 0; i < 4; i++) await limit.guess('victim', check, nothing);
    let commit = () => {};
    const landed = new Promise<void>((resolve) => (commit = resolve));
    const request = limit.renew('victim', async () => {
      await landed;
      code = 'new';
    });
    for (let i = 0; i < 5; i++) await limit.guess('victim', check, nothing);
    commit();
    await request;
    expect(oldChecks).toBe(5);
  });

  it('a store that fails leaves the old count as it was', async () => {
    const limit = new GuessLimit(5);
    for (let i = 0; i < 3; i++) await limit.guess('victim', wrong, nothing);
    await expect(
      limit.renew('victim', async () => {
        throw new Error('database unavailable');
      }),
    ).rejects.toThrow();
    expect(limit.started('victim')).toBe(3);
  });
});

describe('GuessLimit when a new code is stored but its answer is lost', () => {
  /** A victim with one live code, a count of the checks its next code gets, and that code's store. */
  function victim() {
    const state = { code: 'old' as string | null, newChecks: 0 };
    return {
      limit: new GuessLimit(5, 1),
      state,
      check: async () => {
        if (state.code === 'new') state.newChecks += 1;
        return undefined;
      },
      /** The UPDATE commits but its answer is lost (a dropped pooled connection): renew() throws. */
      storeNewCodeAnswerLost: async () => {
        state.code = 'new';
        throw new Error('Connection terminated unexpectedly');
      },
    };
  }
  /** Two checks of the new code, a junk key that evicts the count (unburnt), five more checks. */
  async function guessesAroundJunk({ limit, check }: ReturnType<typeof victim>, burn: () => Promise<void>) {
    for (let i = 0; i < 2; i++) await limit.guess('victim', check, burn);
    await limit.guess('junk-2', wrong, nothing);
    for (let i = 0; i < 5; i++) await limit.guess('victim', check, burn);
  }

  it('junk keys do not drop its count unburnt (the old code was burnt, the new one is live)', async () => {
    const v = victim();
    let land = () => {};
    const landed = new Promise<void>((resolve) => (land = resolve));
    let slow = false;
    const burn = async () => {
      if (slow) await landed;
      v.state.code = null;
    };
    await v.limit.guess('victim', v.check, burn); // one wrong guess at the old code
    slow = true;
    const flood = v.limit.guess('junk-1', wrong, nothing); // evicts the victim's count: its burn is slow
    const waiting = v.limit.guess('victim', v.check, burn); // waits for its own count's eviction burn
    land();
    await Promise.all([flood, waiting]);
    slow = false;
    // The count is still there (a guess was waiting), marked burnt. A new code is stored, answer lost.
    await expect(v.limit.renew('victim', v.storeNewCodeAnswerLost)).rejects.toThrow();
    await guessesAroundJunk(v, burn);
    expect(v.state.newChecks).toBeLessThanOrEqual(5);
  });
  it('nor when the eviction burn that lands before the new code answers after the store failed', async () => {
    const v = victim();
    let answerBurn = () => {};
    const burnAnswered = new Promise<void>((resolve) => (answerBurn = resolve));
    let slow = false;
    const burn = async () => {
      const wasSlow = slow;
      v.state.code = null; // lands at once
      if (wasSlow) await burnAnswered; // its answer comes back late
    };
    await v.limit.guess('victim', v.check, burn);
    slow = true;
    const flood = v.limit.guess('junk-1', wrong, nothing); // evicts the victim's count: burn landed, answer late
    slow = false;
    const waiting = v.limit.guess('victim', v.check, burn); // waits for that burn
    // A new code is stored after the burn landed; its answer is lost.
    await expect(v.limit.renew('victim', v.storeNewCodeAnswerLost)).rejects.toThrow();
    answerBurn(); // the eviction burn answers ok: the count is marked burnt, the new code is live
    await Promise.all([flood, waiting]); // the waiting guess checks the new code
    await guessesAroundJunk(v, burn);
    expect(v.state.newChecks).toBeLessThanOrEqual(5);
  });
});

// Random bursts of guesses at one victim's code, new codes for it and floods of junk keys, on each
// database model: the number of checks each code got while it was live, worst over the seeds.
describe('GuessLimit under random bursts, new codes and floods', () => {
  interface Attack {
    model: Model;
    /** The database goes down and comes back now and then. */
    failures: boolean;
    /** How a new code is sent: through renew() (the routes), or stored and then forget(). */
    renewal: 'renew' | 'store, then forget';
    /** Guesses at junk keys fill the table (of 1 to 3 entries), pushing the victim's count out. */
    floods: boolean;
    /** Some guesses are right: the owner's, consuming the live code. */
    rights?: boolean;
    /** Some stores commit and lose their answer (a dropped pooled connection): renew() throws. */
    lostAnswers?: boolean;
    /**
     * A network partition now and then: while it lasts some statements hang, answered much later
     * (a random later step) or only once it heals (never, while the attack lasts).
     */
    hangs?: boolean;
    /** Floods of new codes: several renews of the victim's code at once, and renews of junk keys. */
    renewFloods?: boolean;
  }

  interface Outcome {
    liveChecks: number[];
    ownerSignedIn: boolean;
    /** Properties broken at some step (checked as each statement lands and after each step). */
    broken: string[];
  }

  async function attack(seed: number, a: Attack): Promise<Outcome> {
    const { model, failures, renewal, floods, rights, lostAnswers, hangs, renewFloods } = a;
    // What the last seed left running (a turn of hops racing a partition) must not shift this
    // one's interleaving: each seed replays alone as it ran among the others.
    await new Promise((resolve) => setImmediate(resolve));
    const random = seeded(seed);
    const net = hangs ? partition(random) : undefined;
    // Some partitions hold a statement now and then, some nearly every one.
    if (net) net.p = 0.1 + 0.8 * random();
    const broken: string[] = [];
    const capacity = 1 + Math.floor(random() * 3);
    const hardCap = 2 * capacity;
    const limit = new GuessLimit(5, capacity);
    let version = 0;
    let live = true;
    const liveChecks: number[] = [0];
    /**
     * 1. no live code checked more than five times; 2. the table within its hard cap; 4. the
     * victim's count (through renew) holds at least every check its live code got: a count lost
     * unburnt restarts below them.
     */
    const probe = (when: string) => {
      if (liveChecks[version] > 5) broken.push(`${when}: code ${version} checked ${liveChecks[version]} times while live`);
      if (limit.size > hardCap) broken.push(`${when}: ${limit.size} entries, over the hard cap of ${hardCap}`);
      if (renewal === 'renew' && live && limit.started('victim') < liveChecks[version])
        broken.push(`${when}: the victim's count is ${limit.started('victim')}, its live code was checked ${liveChecks[version]} times`);
    };
    const { run: db, state } = database(model, random, net, () => probe('a statement landed'));
    const check = (right = false) => () =>
      db(() => {
        if (!live) return undefined;
        liveChecks[version] += 1;
        if (!right) return undefined;
        live = false; // consumed
        return 'session';
      });
    const burn = () => db(() => void (live = false));
    const newCode = () => void ((version += 1), (live = true), (liveChecks[version] = 0));
    let junkKeys = 0;
    const pending: Promise<unknown>[] = [];
    /** Every action sent (pending loses those a partition held past a step). */
    const sent: Promise<unknown>[] = [];
    const storeOf = (write: () => void) => {
      const late = Math.floor(random() * 40);
      const lost = lostAnswers && random() < 0.3;
      return lost
        ? () =>
            db(write, late).then(() => {
              throw new Error('Connection terminated unexpectedly');
            })
        : () => db(write, late);
    };
    const renewVictim = () => {
      const store = storeOf(newCode);
      return renewal === 'renew' ? limit.renew('victim', store) : store().then(() => limit.forget('victim'));
    };
    // How often each action comes: under a partition more right guesses and new codes (a right
    // answer or a store held while much happens is what a partition adds).
    const mix = hangs ? { right: 0.15, victim: 0.45, junk: 0.6 } : { right: 0.1, victim: 0.5, junk: 0.8 };
    // Partitions need longer attacks: a held answer matters only once much has happened since.
    for (let step = 0, steps = hangs ? 80 : 40; step < steps; step++) {
      const roll = random();
      let action: Promise<unknown>;
      if (failures && roll < 0.05) state.down = !state.down;
      if (net) {
        if (random() < 0.1) net.on = !net.on;
        if (random() < 0.2) net.releaseOne();
      }
      if (rights && roll < mix.right) action = limit.guess('victim', check(true), burn);
      else if (roll < mix.victim || (!floods && roll < mix.junk)) action = limit.guess('victim', check(), burn);
      else if (roll < mix.junk) action = limit.guess(`junk-${junkKeys++}`, () => db(() => undefined), () => db(() => undefined));
      else if (!renewFloods || roll < mix.junk + (1 - mix.junk) * 0.35) action = renewVictim();
      else if (roll < mix.junk + (1 - mix.junk) * 0.65) action = Promise.all(Array.from({ length: 2 + Math.floor(random() * 5) }, () => renewVictim().catch(() => undefined)));
      else
        action = Promise.all(
          Array.from({ length: 1 + Math.floor(random() * 8) }, () => limit.renew(`junk-${junkKeys++}`, storeOf(() => undefined)).catch(() => undefined)),
        );
      pending.push(action.catch(() => undefined));
      sent.push(pending[pending.length - 1]);
      probe(`step ${step}`);
      if (random() < 0.3) {
        const settled = Promise.all(pending.splice(0));
        // Some may wait on a statement held by the partition: on with the attack all the same.
        await (net ? Promise.race([settled, hops(100)]) : settled);
        probe(`step ${step}, settled`);
      }
    }
    // The network heals and the database is back: every statement held is answered.
    state.down = false;
    net?.heal();
    await Promise.all(sent);
    probe('healed');
    // The attacker's last chance: five more guesses once the database is back.
    for (let i = 0; i < 5; i++) await limit.guess('victim', check(), burn);
    probe('last guesses');
    // Then the owner asks for a new code: their right guess at it signs in.
    await limit.renew('victim', () => db(newCode));
    const ownerSignedIn = (await limit.guess('victim', check(true), burn)) === 'session';
    return { liveChecks, ownerSignedIn, broken };
  }

  // Store, then forget (the routes before renew) with late answers gives a code up to 10 checks
  // (worst 8 to 10 over these seeds, with or without failures and floods): the routes renew.
  const attacks = (['in order', 'pooled', 'late answers'] as const).flatMap((model) =>
    (['renew', 'store, then forget'] as const)
      .filter((renewal) => !(model === 'late answers' && renewal === 'store, then forget'))
      .flatMap((renewal) => [false, true].flatMap((failures) => [false, true].map((floods): Attack => ({ model, failures, renewal, floods })))),
  );
  // Right guesses and stores whose answer is lost (renew only: forget is not told of a failed store).
  for (const model of ['in order', 'pooled', 'late answers'] as const)
    for (const failures of [false, true]) attacks.push({ model, failures, renewal: 'renew', floods: true, rights: true, lostAnswers: true });
  // Statements that hang (a partition) and floods of new codes, with everything above.
  for (const model of ['in order', 'pooled', 'late answers'] as const)
    for (const failures of [false, true])
      for (const renewFloods of [false, true]) attacks.push({ model, failures, renewal: 'renew', floods: true, rights: true, lostAnswers: true, hangs: true, renewFloods });
  const seeds = Number(process.env.GUESS_LIMIT_SEEDS ?? 150);

  for (const a of attacks) {
    const name = `${a.model}, ${a.renewal}${a.failures ? ', the database failing now and then' : ''}${a.floods ? ', junk floods' : ''}${a.rights ? ', right guesses' : ''}${a.lostAnswers ? ', stores losing their answer' : ''}${a.hangs ? ', statements hanging' : ''}${a.renewFloods ? ', floods of new codes' : ''}`;
    it(`no code is checked more than five times while live, the table stays bounded, no count is lost (${name})`, () =>
      withSilencedErrors(async () => {
        let worst = 0;
        const over: number[] = [];
        const lockedOut: number[] = [];
        const broken: string[] = [];
        for (let seed = 1; seed <= seeds; seed++) {
          const outcome = await attack(seed, a);
          const most = Math.max(...outcome.liveChecks);
          worst = Math.max(worst, most);
          if (most > 5) over.push(seed);
          if (!outcome.ownerSignedIn) lockedOut.push(seed);
          if (outcome.broken.length) broken.push(`seed ${seed}: ${outcome.broken[0]}`);
        }
        expect({ worst, over: over.slice(0, 5), lockedOut: lockedOut.slice(0, 5), broken: broken.slice(0, 5) }).toEqual({
          worst: Math.min(worst, 5),
          over: [],
          lockedOut: [],
          broken: [],
        });
      }));
  }
});
