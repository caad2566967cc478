// The inbox list as GraphQL: filters to a `where` whose every condition sits in `_and` (the thread
// list's cache key is order_by plus where._and, SPEC 3, so each filter combination is its own
// cached list and pages merge into it by offset), the two orders, and the page size.
import type { threads_bool_exp, threads_order_by } from '@/lib/graphql/schema.generated';

export const PRIORITIES = [0, 1, 2] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface InboxFilters {
  search: string;
  priority: Priority | null;
  starred: boolean;
  unread: boolean;
  /** false: the open inbox; true: the archive. */
  archived: boolean;
  needsReply: boolean;
  accommodationId: string;
  bookingId: string;
  /** '' anyone, 'me', 'none' (unassigned) or a user id. */
  assignee: string;
}

export const EMPTY_FILTERS: InboxFilters = { search: '', priority: null, starred: false, unread: false, archived: false, needsReply: false, accommodationId: '', bookingId: '', assignee: '' };

export const SORTS = ['recent', 'priority'] as const;
export type InboxSort = (typeof SORTS)[number];

export const PAGE_SIZE = 30;

export function threadsWhere(filters: InboxFilters, myUserId: string | null): threads_bool_exp {
  const and: threads_bool_exp[] = [{ is_archived: { _eq: filters.archived } }];
  if (filters.priority !== null) and.push({ priority: { _eq: filters.priority } });
  if (filters.starred) and.push({ is_starred: { _eq: true } });
  if (filters.unread) and.push({ is_read: { _eq: false } });
  if (filters.needsReply) and.push({ needs_reply: { _eq: true } });
  if (filters.accommodationId) and.push({ thread_2_accommodations: { accommodation_id: { _eq: filters.accommodationId } } });
  if (filters.bookingId) and.push({ thread_2_bookings: { booking_id: { _eq: filters.bookingId } } });
  if (filters.assignee === 'none') and.push({ assigned_user_id: { _is_null: true } });
  else if (filters.assignee === 'me' && myUserId) and.push({ assigned_user_id: { _eq: myUserId } });
  else if (filters.assignee && filters.assignee !== 'me') and.push({ assigned_user_id: { _eq: filters.assignee } });
  const search = filters.search.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // threads.search_text is the guest's name, the subject and the guest's address in one column:
    // one ILIKE instead of three (migration 1795400001000).
    and.push({ search_text: { _ilike: pattern } });
  }
  return { _and: and };
}

export function threadsOrderBy(sort: InboxSort): threads_order_by[] {
  return sort === 'priority' ? [{ priority: 'desc' }, { last_message_at: 'desc' }, { id: 'desc' }] : [{ last_message_at: 'desc' }, { id: 'desc' }];
}
