// Row types of the inbox, from the generated fragments.
import type { InboxMessageFragment, ThreadBookingFragment, ThreadListItemFragment } from './graphql/fragments.generated';

export type ThreadRow = ThreadListItemFragment;
export type MessageRow = InboxMessageFragment;
export type BookingRow = ThreadBookingFragment;
export type MessageDirection = 'incoming' | 'outgoing' | 'internal';

/** Flags and assignment a thread screen may change (also what a property manager may update). */
export interface ThreadChanges {
  priority?: number;
  is_read?: boolean;
  is_starred?: boolean;
  is_archived?: boolean;
  needs_reply?: boolean;
  assigned_user_id?: string | null;
}

/** What a guest may write in one message, and a reply or note at most (messages_body_length_check). */
export const REPLY_MAX = 20_000;
