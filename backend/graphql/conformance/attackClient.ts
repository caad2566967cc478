// What the engine's attack tests share: a client request with a role's access token, and the check
// that a request was refused (no data, the error's code and message).
import { expect } from 'vitest';
import type { ClassEngine } from './runner';

export interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions: { code: string; path?: string } }[];
}

/** POST /v1/graphql as a client with `token`; the engine answers errors with HTTP 200, as Hasura. */
export async function askAs(engine: ClassEngine, token: string, query: string, variables?: Record<string, unknown>): Promise<Answer> {
  const r = await engine.postAsClient({ query, variables }, { authorization: `Bearer ${token}` });
  expect(r.status).toBe(200);
  return r.body as Answer;
}

/** Refused: no data, the first error's code, and its message (exact, or matching a pattern). */
export function refused(a: Answer, message: string | RegExp, code = 'validation-failed'): void {
  expect(a.data ?? null).toBeNull();
  expect(a.errors?.[0]?.extensions.code).toBe(code);
  if (typeof message === 'string') expect(a.errors?.[0]?.message).toBe(message);
  else expect(a.errors?.[0]?.message).toMatch(message);
}
