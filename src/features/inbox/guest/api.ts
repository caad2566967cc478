// The guest's messaging calls with plain fetch (guest pages carry no Nhost SDK or Apollo); the
// request is checked against its contract before sending and the answer after.
import type { AnyObject } from 'yup';
import { checkRequest, type FunctionContract } from '@/lib/functions/contract';
import { nhostEnvFromProcess, resolveNhostUrls } from '@/lib/nhost/config';

/** inbox:guest.errors.* keys by the functions' error codes. */
const ERROR_KEYS: Record<string, string> = {
  empty: 'guest.errors.empty',
  'too-long': 'guest.errors.tooLong',
  'rate-limited': 'guest.errors.rateLimited',
  'not-found': 'guest.errors.notFound',
};

export type GuestResult<T> = { ok: true; value: T } | { ok: false; messageKey: string };

export async function callGuest<Req extends AnyObject, Res>(contract: FunctionContract<Req, Res>, body: Req): Promise<GuestResult<Res>> {
  const checked = checkRequest(contract, body);
  if (!checked.ok) return { ok: false, messageKey: 'guest.errors.failed' };
  try {
    const response = await fetch(`${resolveNhostUrls(nhostEnvFromProcess()).functionsUrl}${contract.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(checked.value) });
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const code = (json as { error?: string } | null)?.error ?? (response.status === 413 ? 'too-long' : '');
      return { ok: false, messageKey: ERROR_KEYS[code] ?? 'guest.errors.failed' };
    }
    return { ok: true, value: (await contract.response.validate(json)) as Res };
  } catch {
    return { ok: false, messageKey: 'guest.errors.failed' };
  }
}
