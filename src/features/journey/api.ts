// Calls the journey functions from a guest's browser with plain fetch (guest pages carry no Nhost
// SDK or Apollo): the request is checked against its contract before sending, the answer after.
import type { AnyObject } from 'yup';
import { checkRequest, type FunctionContract } from '@/lib/functions/contract';
import type { JourneyError } from '@/lib/functions/journey';
import { SCAN_JOURNEY_HEADER } from '@/lib/functions/scanHeader';
import { nhostEnvFromProcess, resolveNhostUrls } from '@/lib/nhost/config';

export type JourneyResult<T> = { ok: true; value: T } | { ok: false; error: JourneyError };

const GENERIC: JourneyError = { status: 0, error: 'network', message: 'Network Error', messageKey: 'journey:errors.network' };

/** What a send answers when the request (or the code it needed) could not be loaded. */
export const NETWORK_FAILURE = { ok: false, error: GENERIC } as const satisfies JourneyResult<never>;

export function functionsUrl(path: string): string {
  return `${resolveNhostUrls(nhostEnvFromProcess()).functionsUrl}${path}`;
}

/** The function's answer: its error body, or the success body checked against the contract's response schema. */
export async function answer<Res>(response: Response, contract: { response: { validate(value: unknown): Promise<unknown> } }): Promise<JourneyResult<Res>> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = body as Partial<JourneyError> | null;
    return { ok: false, error: { ...GENERIC, status: response.status, error: error?.error ?? 'unknown', message: error?.message ?? '', messageKey: error?.messageKey ?? 'journey:errors.unknown', field: error?.field } };
  }
  try {
    return { ok: true, value: (await contract.response.validate(body)) as Res };
  } catch {
    return { ok: false, error: { ...GENERIC, error: 'invalid-response', messageKey: 'journey:errors.unknown' } };
  }
}

export async function callJourney<Req extends AnyObject, Res>(contract: FunctionContract<Req, Res>, body: Req): Promise<JourneyResult<Res>> {
  const checked = checkRequest(contract, body);
  if (!checked.ok) return { ok: false, error: { ...checked.error, messageKey: checked.error.message.includes(':') ? checked.error.message : 'journey:errors.invalid' } };
  try {
    const response = await fetch(functionsUrl(contract.path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(checked.value) });
    return await answer<Res>(response, contract);
  } catch {
    return { ok: false, error: GENERIC };
  }
}

/** Sends a document photo's bytes as they are (no base64), for the MRZ reader. */
export async function uploadScan<Res>(path: string, journeyId: string, file: Blob, contract: { response: { validate(value: unknown): Promise<unknown> } }): Promise<JourneyResult<Res>> {
  try {
    const response = await fetch(functionsUrl(path), { method: 'POST', headers: { 'content-type': 'application/octet-stream', [SCAN_JOURNEY_HEADER]: journeyId }, body: file });
    return await answer<Res>(response, contract);
  } catch {
    return { ok: false, error: GENERIC };
  }
}
