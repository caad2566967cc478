import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, threadsOrderBy, threadsWhere } from './listQuery';
import { bookingThreadsUrl, inboxStateOf, inboxUrl } from './urls';

const ID = '6f1c2d3e-1111-4000-a000-000000000001';

describe('inbox URLs', () => {
  it('round-trip every filter, the order and the open thread', () => {
    const state = { threadId: ID, sort: 'priority' as const, filters: { search: 'anna', priority: 2 as const, starred: true, unread: true, archived: true, needsReply: true, accommodationId: ID, bookingId: ID, assignee: 'me' } };
    const url = inboxUrl(state);
    const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
    expect(inboxStateOf(query)).toEqual(state);
    expect(inboxUrl()).toBe('/inbox');
    expect(bookingThreadsUrl(ID)).toBe(`/inbox?booking=${ID}`);
  });

  it('drops malformed values', () => {
    expect(inboxStateOf({ thread: 'x', priority: '7', acc: '1; drop', assignee: 'root', sort: 'name' })).toEqual({ threadId: '', sort: 'recent', filters: EMPTY_FILTERS });
    expect(inboxStateOf({ priority: '0' }).filters.priority).toBe(0);
  });
});

describe('inbox list query', () => {
  it('puts every condition in _and (the cache key) and escapes the search pattern', () => {
    expect(threadsWhere(EMPTY_FILTERS, null)).toEqual({ _and: [{ is_archived: { _eq: false } }] });
    const where = threadsWhere({ ...EMPTY_FILTERS, search: '50%_off', priority: 1, unread: true, needsReply: true, assignee: 'me', bookingId: ID }, 'u1');
    expect(Object.keys(where)).toEqual(['_and']);
    expect(where._and).toContainEqual({ assigned_user_id: { _eq: 'u1' } });
    expect(where._and).toContainEqual({ thread_2_bookings: { booking_id: { _eq: ID } } });
    expect(where._and).toContainEqual({ search_text: { _ilike: '%50\\%\\_off%' } });
    expect(threadsWhere({ ...EMPTY_FILTERS, assignee: 'none' }, 'u1')._and).toContainEqual({ assigned_user_id: { _is_null: true } });
  });

  it('orders newest first, or by priority then newest, with a unique tie-breaker', () => {
    expect(threadsOrderBy('recent')).toEqual([{ last_message_at: 'desc' }, { id: 'desc' }]);
    expect(threadsOrderBy('priority')).toEqual([{ priority: 'desc' }, { last_message_at: 'desc' }, { id: 'desc' }]);
  });
});
