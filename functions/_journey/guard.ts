// The steps every journey write takes: POST, rate limit, the contract, an open journey (from 5 days
// before check-in to 3 days after check-out).
import type { Request, Response } from 'express';
import type { AnyObject } from 'yup';
import { journeyPhase } from '../../src/domain/journey/rules';
import { checkRequest, type FunctionContract } from '../../src/lib/functions/contract';
import { loadJourneyBooking, type JourneyBooking } from './load';
import { allow, type LIMITS } from './rateLimit';
import { clientAddress, fail, failInvalid, requirePost } from './respond';
import { todayInBudapest } from './time';

export async function openJourneyRequest<Req extends AnyObject & { journeyId: string }>(
  req: Request,
  res: Response,
  contract: FunctionContract<Req, unknown>,
  purpose: keyof typeof LIMITS = 'write',
): Promise<{ body: Req; booking: JourneyBooking } | undefined> {
  if (!requirePost(req, res)) return undefined;
  if (!allow(purpose, clientAddress(req))) return void fail(res, 429, 'too-many-attempts', 'Too many attempts; wait a few minutes');
  const checked = checkRequest(contract, req.body);
  if (!checked.ok) return void failInvalid(res, checked.error);
  const booking = await loadJourneyBooking(checked.value.journeyId);
  if (!booking) return void fail(res, 404, 'not-found', "Can't find booking with the provided information");
  const phase = journeyPhase(booking, todayInBudapest());
  if (phase === 'not-yet') return void fail(res, 403, 'not-open', 'The journey opens 5 days before check-in');
  if (phase === 'closed') return void fail(res, 403, 'closed', 'The journey closed 3 days after check-out');
  return { body: checked.value, booking };
}
