// Typed URLs of the inbox and snippets screens: the list's filters and order and the open thread
// live in the query string, so a view can be linked, reloaded and walked back.
import { EMPTY_FILTERS, PRIORITIES, SORTS, type InboxFilters, type InboxSort, type Priority } from './listQuery';

export interface InboxState {
  filters: InboxFilters;
  sort: InboxSort;
  threadId: string;
}

export const DEFAULT_INBOX_STATE: InboxState = { filters: EMPTY_FILTERS, sort: 'recent', threadId: '' };

export function inboxUrl(state: Partial<InboxState> = {}): string {
  const { filters, sort, threadId } = { ...DEFAULT_INBOX_STATE, ...state };
  const params = new URLSearchParams();
  if (threadId) params.set('thread', threadId);
  if (filters.search.trim()) params.set('q', filters.search);
  if (filters.priority !== null) params.set('priority', String(filters.priority));
  if (filters.starred) params.set('starred', '1');
  if (filters.unread) params.set('unread', '1');
  if (filters.archived) params.set('archived', '1');
  if (filters.needsReply) params.set('reply', '1');
  if (filters.accommodationId) params.set('acc', filters.accommodationId);
  if (filters.bookingId) params.set('booking', filters.bookingId);
  if (filters.assignee) params.set('assignee', filters.assignee);
  if (sort !== 'recent') params.set('sort', sort);
  const query = params.toString();
  return query ? `/inbox?${query}` : '/inbox';
}

/** The conversation of a thread id, e.g. from a booking's messages panel. */
export function threadUrl(threadId: string): string {
  return inboxUrl({ threadId });
}

/** The conversations of one booking. */
export function bookingThreadsUrl(bookingId: string): string {
  return inboxUrl({ filters: { ...EMPTY_FILTERS, bookingId } });
}

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOr = (value: string) => (ID.test(value) ? value : '');

export function inboxStateOf(query: Query): InboxState {
  const priority = Number(one(query.priority));
  const assignee = one(query.assignee);
  const sort = one(query.sort);
  return {
    threadId: idOr(one(query.thread)),
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as InboxSort) : 'recent',
    filters: {
      search: one(query.q),
      priority: one(query.priority) !== '' && (PRIORITIES as readonly number[]).includes(priority) ? (priority as Priority) : null,
      starred: one(query.starred) === '1',
      unread: one(query.unread) === '1',
      archived: one(query.archived) === '1',
      needsReply: one(query.reply) === '1',
      accommodationId: idOr(one(query.acc)),
      bookingId: idOr(one(query.booking)),
      assignee: assignee === 'me' || assignee === 'none' ? assignee : idOr(assignee),
    },
  };
}
