// Modules loaded with their first use (lazy.ts): through the TOTP check of the MFA routes, whose
// otplib is one of them, with its load failing once as a full file table or a file being
// replaced would make it.
import { generate, generateSecret } from 'otplib';
import { describe, expect, it, vi } from 'vitest';
import { lazy } from './lazy';

let failing = true;
let loads = 0;
vi.doMock('otplib', async (importOriginal) => {
  loads++;
  if (failing) throw new Error('EMFILE: too many open files');
  return importOriginal();
});

describe('a module loaded with its first use', () => {
  it('a failed load is tried again by the next use: the feature works again once the cause has passed', async () => {
    const { totpValid } = await import('./auth/routes/mfa');
    const secret = generateSecret();
    const code = await generate({ secret });
    await expect(totpValid(secret, code)).rejects.toThrow();
    expect(loads).toBe(1);
    failing = false;
    expect(await totpValid(secret, code)).toBe(true);
    expect(loads).toBe(2);
    expect(await totpValid(secret, code.replace(/\d/g, (d) => String((Number(d) + 1) % 10)))).toBe(false);
  });

  it('concurrent first uses share one load, and a load that worked is kept', async () => {
    const load = vi.fn(async () => ({ made: Date.now() }));
    const get = lazy(load);
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
