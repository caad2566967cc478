import { describe, expect, it } from 'vitest';
import { isTokenUsable, readTokenExpiry, waitForUsableToken } from './tokenWait';

function jwt(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}.signature`;
}

describe('token wait', () => {
  const now = 1_700_000_000_000;

  it('reads exp from a JWT and rejects malformed tokens', () => {
    expect(readTokenExpiry(jwt({ exp: 123, name: 'Árvíztűrő' }))).toBe(123);
    expect(readTokenExpiry('not-a-jwt')).toBeNull();
    expect(readTokenExpiry('a.%%%.c')).toBeNull();
    expect(readTokenExpiry(jwt({ sub: 'x' }))).toBeNull();
  });

  it('lets requests through without a token and with a token valid beyond 3 s', () => {
    expect(isTokenUsable(null, now)).toBe(true);
    expect(isTokenUsable(undefined, now)).toBe(true);
    expect(isTokenUsable(jwt({ exp: now / 1000 + 3.001 }), now)).toBe(true);
  });

  it('holds requests for a token expiring within the 3 s tolerance or already expired', () => {
    expect(isTokenUsable(jwt({ exp: now / 1000 + 3 }), now)).toBe(false);
    expect(isTokenUsable(jwt({ exp: now / 1000 + 1 }), now)).toBe(false);
    expect(isTokenUsable(jwt({ exp: now / 1000 - 60 }), now)).toBe(false);
    expect(isTokenUsable('garbage', now)).toBe(false);
  });

  it('polls every 100 ms until the stored token is replaced by a fresh one', async () => {
    const expired = jwt({ exp: now / 1000 - 1 });
    const fresh = jwt({ exp: now / 1000 + 900 });
    const sleeps: number[] = [];
    let stored = expired;
    const token = await waitForUsableToken(() => stored, {
      now: () => now,
      sleep: async (ms) => {
        sleeps.push(ms);
        if (sleeps.length === 3) stored = fresh;
      },
    });
    expect(token).toBe(fresh);
    expect(sleeps).toEqual([100, 100, 100]);
  });

  it('stops waiting once the token is dropped (signed out)', async () => {
    let stored: string | null = jwt({ exp: now / 1000 });
    const token = await waitForUsableToken(() => stored, { now: () => now, sleep: async () => void (stored = null) });
    expect(token).toBeNull();
  });
});
