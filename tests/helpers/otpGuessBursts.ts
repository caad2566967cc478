// Guesses at a one-time code sent all at once, for the passwordless tests on PGlite and on a
// server Postgres: at most five are ever checked, and a sixth sent while five are being checked is
// refused unchecked, even when it is the right code.
import { expect, it, vi } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { otpCode, post, uniqueEmail, type JsonResponse } from '../../backend/auth/testing';

interface Code {
  /** The verify request for this guess. */
  send(otp: string): Promise<JsonResponse>;
  code: string;
  /** Matches the SQL that checks one guess (and no other query of the request). */
  checks: (sql: string) => boolean;
  refused: number;
}

async function emailCode(backend: RunningBackend): Promise<Code> {
  const email = uniqueEmail('burst');
  await post(backend, '/signin/otp/email', { email });
  return {
    send: (otp) => post(backend, '/signin/otp/email/verify', { email, otp }),
    code: otpCode(backend, email, 'signin-otp'),
    checks: (sql) => sql.includes('WHERE email = $1 AND ticket = $2'),
    refused: 401,
  };
}

async function smsCode(backend: RunningBackend): Promise<Code> {
  const phoneNumber = `+3670${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  await post(backend, '/signin/passwordless/sms', { phoneNumber });
  return {
    send: (otp) => post(backend, '/signin/passwordless/sms/otp', { phoneNumber, otp }),
    code: otpCode(backend, phoneNumber),
    // Each guess reads the user by number before its bcrypt check.
    checks: (sql) => /FROM auth\.users WHERE phone_number = \$1/i.test(sql),
    refused: 400,
  };
}

/** Holds the first `n` guess checks until release() (or 5 s), counting every check that runs. */
function holdChecks(backend: RunningBackend, checks: (sql: string) => boolean, n: number) {
  const db = backend.ctx.db;
  const query = db.query.bind(db);
  let held = 0;
  let checked = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let allHeld = () => {};
  const heldAll = new Promise<void>((resolve) => (allHeld = resolve));
  const spy = vi.spyOn(db, 'query').mockImplementation(async (...args: Parameters<typeof db.query>) => {
    if (checks(String(args[0]))) {
      checked += 1;
      if (held < n) {
        held += 1;
        if (held === n) allHeld();
        await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 5000))]);
      }
    }
    return query(...args);
  });
  return { heldAll, release, checked: () => checked, restore: () => spy.mockRestore() };
}

export function otpGuessBurstTests(getBackend: () => RunningBackend): void {
  for (const [kind, issue] of [
    ['e-mail', emailCode],
    ['SMS', smsCode],
  ] as const) {
    it(`twenty wrong ${kind} codes sent at once: five are checked, then the code is burnt`, async () => {
      const backend = getBackend();
      const code = await issue(backend);
      const wrong = code.code === '000000' ? '111111' : '000000';
      const hold = holdChecks(backend, code.checks, 0);
      try {
        const answers = await Promise.all(Array.from({ length: 20 }, () => code.send(wrong)));
        expect(answers.map((a) => a.status)).toEqual(Array(20).fill(code.refused));
        expect(hold.checked()).toBe(5);
      } finally {
        hold.restore();
      }
      expect((await code.send(code.code)).status).toBe(code.refused);
    });

    it(`the right ${kind} code sent while five wrong ones are being checked is refused unchecked`, async () => {
      const backend = getBackend();
      const code = await issue(backend);
      const wrong = code.code === '000000' ? '111111' : '000000';
      const hold = holdChecks(backend, code.checks, 5);
      try {
        const five = Array.from({ length: 5 }, () => code.send(wrong));
        await hold.heldAll;
        const right = await code.send(code.code);
        expect(right.status).toBe(code.refused);
        expect(right.body).not.toHaveProperty('session');
        hold.release();
        expect((await Promise.all(five)).map((a) => a.status)).toEqual(Array(5).fill(code.refused));
        expect(hold.checked()).toBe(5);
      } finally {
        hold.release();
        hold.restore();
      }
      // The five wrong ones burnt it.
      expect((await code.send(code.code)).status).toBe(code.refused);
    });

    it(`the right ${kind} code among four wrong ones sent at once still signs in`, async () => {
      const backend = getBackend();
      const code = await issue(backend);
      const wrong = code.code === '000000' ? '111111' : '000000';
      const answers = await Promise.all([...Array.from({ length: 4 }, () => code.send(wrong)), code.send(code.code)]);
      expect(answers.map((a) => a.status)).toEqual([...Array(4).fill(code.refused), 200]);
      expect(answers[4].body).toHaveProperty('session.accessToken');
    });
  }
}
