// Modules loaded with their first use (lazy.ts): through the TOTP check of the MFA routes, whose
// otplib is one of them, and the auth contract check, each with its load failing once as a full
// file table or a file being replaced would make it.
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { generate, generateSecret } from 'otplib';
import { describe, expect, it, vi } from 'vitest';
import { lazy, LOAD_TIME_LIMIT_MS, LoadTimeoutError } from './lazy';

let failing = true;
let loads = 0;
vi.doMock('otplib', async (importOriginal) => {
  loads++;
  if (failing) throw new Error('EMFILE: too many open files');
  return importOriginal();
});

let validatorFailing = true;
vi.doMock('express-openapi-validator', async (importOriginal) => {
  if (validatorFailing) throw new Error('EMFILE: too many open files');
  return importOriginal();
});

describe('a module loaded with its first use', () => {
  it('the auth contract check: a failed load is tried again by the next request (it failed every auth request until a restart)', async () => {
    const { contractValidator } = await import('./auth/contract');
    const app = express();
    app.use(express.json());
    app.use(contractValidator(async () => false));
    app.post('/signin/email-password', (_req, res) => void res.json('signed in'));
    app.use((err: { status?: number }, _req: Request, res: Response, _next: NextFunction) => void res.status(err.status ?? 500).json(err.status ? 'refused' : 'failed'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const signIn = (body: object) =>
      fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/signin/email-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    try {
      expect((await signIn({ email: 'anna@example.com', password: 'secret' })).status).toBe(500);
      validatorFailing = false;
      const ok = await signIn({ email: 'anna@example.com', password: 'secret' });
      expect([ok.status, await ok.json()]).toEqual([200, 'signed in']);
      // The check itself runs: no password is refused.
      expect((await signIn({ email: 'anna@example.com' })).status).toBe(400);
    } finally {
      server.close();
    }
  });

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

  it('a load that throws instead of rejecting is a rejection, and concurrent uses of a failing load share it and its retry', async () => {
    let calls = 0;
    const get = lazy(() => {
      calls++;
      if (calls === 1) throw new Error('thrown');
      if (calls === 2) return Promise.reject(new Error('rejected'));
      return Promise.resolve('loaded');
    });
    const first = get();
    expect(first).toBeInstanceOf(Promise);
    await expect(first).rejects.toThrow('thrown');
    const [a, b] = await Promise.allSettled([get(), get()]);
    expect([a.status, b.status]).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(2);
    expect(await get()).toBe('loaded');
    expect(calls).toBe(3);
  });

  it('concurrent first uses share one load, and a load that worked is kept', async () => {
    const load = vi.fn(async () => ({ made: Date.now() }));
    const get = lazy(load);
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a load that hangs fails after the time limit with what did not load, and the next use tries again', async () => {
    let calls = 0;
    const get = lazy(
      () => {
        calls++;
        return calls === 1 ? new Promise<string>(() => {}) : Promise.resolve('loaded');
      },
      { what: 'the auth contract check', limitMs: 50 },
    );
    const [a, b] = await Promise.allSettled([get(), get()]);
    expect(a).toMatchObject({ status: 'rejected', reason: expect.any(LoadTimeoutError) });
    expect(b).toMatchObject({ status: 'rejected', reason: { message: 'the auth contract check did not load within 0.05 s (the next use tries again)' } });
    expect(calls).toBe(1);
    expect(await get()).toBe('loaded');
    expect(await get()).toBe('loaded');
    expect(calls).toBe(2);
  });

  it('the time limit applies without options, and a load that finishes in time is kept', async () => {
    vi.useFakeTimers();
    try {
      const hung = lazy(() => new Promise<string>(() => {}));
      const waiting = hung();
      const outcome = waiting.then(() => 'loaded', (e: unknown) => e);
      await vi.advanceTimersByTimeAsync(LOAD_TIME_LIMIT_MS - 1);
      expect(await Promise.race([outcome, Promise.resolve('still waiting')])).toBe('still waiting');
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toBeInstanceOf(LoadTimeoutError);
      const slow = lazy(() => new Promise<string>((resolve) => setTimeout(() => resolve('slow'), LOAD_TIME_LIMIT_MS - 1)));
      const kept = slow();
      await vi.advanceTimersByTimeAsync(LOAD_TIME_LIMIT_MS * 2);
      expect(await kept).toBe('slow');
      expect(slow()).toBe(kept);
    } finally {
      vi.useRealTimers();
    }
  });
});
