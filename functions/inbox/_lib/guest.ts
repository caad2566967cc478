// Shared by the guest's messaging functions: the answer format and the journey-id lookup.
import type { Request, Response } from 'express';
import { checkRequest, type FunctionContract } from '../../../src/lib/functions/contract';
import type { AnyObject } from 'yup';
import { bookingByJourney, type BookingForInbox } from './threads';

export function fail(res: Response, status: number, error: string, message: string, extra: Record<string, unknown> = {}): void {
  res.status(status).json({ status, error, message, ...extra });
}

/** The checked body and the booking of its journey id, or undefined after answering 4xx. */
export async function guestRequest<Req extends AnyObject & { journeyId: string }>(req: Request, res: Response, contract: FunctionContract<Req, unknown>): Promise<{ input: Req; booking: BookingForInbox } | undefined> {
  if (req.method !== 'POST') {
    fail(res, 405, 'method-not-allowed', 'Use POST');
    return undefined;
  }
  const checked = checkRequest(contract, req.body ?? {});
  if (!checked.ok) {
    res.status(400).json(checked.error);
    return undefined;
  }
  const booking = await bookingByJourney(checked.value.journeyId);
  if (!booking) {
    fail(res, 404, 'not-found', 'No booking with this journey id');
    return undefined;
  }
  return { input: checked.value, booking };
}
