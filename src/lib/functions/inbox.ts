// Contracts of the guest's messaging functions (the journey page's "Message the host" card):
// the guest is known by the booking's journey id only, never by a token.
import { array, mixed, number, object, string } from 'yup';
import { defineFunction } from './contract';

/** A guest message is at most this long (characters), so one card post cannot flood the inbox. */
export const GUEST_MESSAGE_MAX = 4000;
/** At most this many guest messages per booking within the window. */
export const GUEST_RATE_LIMIT = { messages: 10, windowMinutes: 10 } as const;

// Any 8-4-4-4-12 hex id: journey ids are random but not all carry a v4 version digit (demo data).
const journeyId = string()
  .matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'journeyId must be a UUID')
  .required('journeyId is required');

const guestMessage = object({
  id: string().required(),
  direction: mixed<'incoming' | 'outgoing'>().oneOf(['incoming', 'outgoing']).required(),
  body: string().required(),
  sentAt: string().required(),
});

export const guestThreadContract = defineFunction(
  '/inbox/guest-thread',
  object({ journeyId }),
  object({ messages: array(guestMessage).required(), maxLength: number().required() }),
);

export const guestMessageContract = defineFunction(
  '/inbox/guest-message',
  // strict: a number is refused, not turned into text.
  object({ journeyId, body: string().strict().typeError('body must be a string').required('body is required').max(GUEST_MESSAGE_MAX * 4, 'body is too long') }),
  object({ message: guestMessage.required() }),
);
