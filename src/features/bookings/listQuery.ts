// The bookings list's filters, sort and paging as plain data, and how they become the GraphQL
// engine's where/order_by/limit/offset, so filtering, counting and paging happen in the database.
// Shared by the list screen and the CSV export (same where: the export holds exactly what matches).
import { BOOKING_CHANNELS, BOOKING_STATUSES, isIsoDate, type BookingChannel, type BookingStatus } from '@/domain/bookings/values';
import type { bookings_bool_exp, bookings_order_by, order_by } from '@/lib/graphql/schema.generated';

export interface BookingFilters {
  search: string;
  /** Stays overlapping [from, to] (either may be empty); YYYY-MM-DD. */
  from: string;
  to: string;
  statuses: BookingStatus[];
  channel: BookingChannel | '';
  accommodationId: string;
  unitId: string;
}

export const EMPTY_BOOKING_FILTERS: BookingFilters = { search: '', from: '', to: '', statuses: [], channel: '', accommodationId: '', unitId: '' };

export const BOOKING_PAGE_SIZES = [25, 50, 100] as const;
export const BOOKING_SORT_COLUMNS = ['checkin', 'checkout', 'customer', 'created'] as const;
export type BookingSortColumn = (typeof BOOKING_SORT_COLUMNS)[number];
export interface BookingSort {
  column: BookingSortColumn;
  direction: 'asc' | 'desc';
}
export const DEFAULT_BOOKING_SORT: BookingSort = { column: 'checkin', direction: 'desc' };

/** LIKE patterns treat % and _ as wildcards; a user typing them means the characters. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Digits of a phone number, for matching "+36 30 123" against "+36301234567". */
function phoneDigits(text: string): string {
  return text.replace(/\D/g, '');
}

export function bookingWhere(filters: BookingFilters): bookings_bool_exp {
  const and: bookings_bool_exp[] = [];
  const search = filters.search.trim();
  if (search) {
    const pattern = `%${likeEscape(search)}%`;
    const or: bookings_bool_exp[] = [{ customer_name: { _ilike: pattern } }, { customer_email: { _ilike: pattern } }, { ota_code: { _ilike: pattern } }, { customer_phone: { _ilike: pattern } }];
    const digits = phoneDigits(search);
    // "+36 30 123 4567" typed with spaces still finds a stored "+36301234567" (and vice versa).
    if (digits.length >= 4 && digits !== search) or.push({ customer_phone: { _ilike: `%${digits.split('').join('%')}%` } });
    and.push({ _or: or });
  }
  if (isIsoDate(filters.from)) and.push({ checkout: { _gt: filters.from } });
  if (isIsoDate(filters.to)) and.push({ checkin: { _lte: filters.to } });
  const statuses = filters.statuses.filter((s) => (BOOKING_STATUSES as readonly string[]).includes(s));
  if (statuses.length) and.push({ status: { _in: statuses } });
  if (filters.channel && (BOOKING_CHANNELS as readonly string[]).includes(filters.channel)) and.push({ channel: { _eq: filters.channel } });
  if (filters.accommodationId) and.push({ accommodation_id: { _eq: filters.accommodationId } });
  if (filters.unitId) and.push({ booked_units: { unit_id: { _eq: filters.unitId } } });
  return and.length ? { _and: and } : {};
}

const ORDER_FIELDS: Record<BookingSortColumn, (direction: order_by) => bookings_order_by> = {
  checkin: (d) => ({ checkin: d }),
  checkout: (d) => ({ checkout: d }),
  customer: (d) => ({ customer_name: d }),
  created: (d) => ({ created_at: d }),
};

/** The chosen sort, then id so pages are stable when values repeat. */
export function bookingOrderBy(sort: BookingSort): bookings_order_by[] {
  return [ORDER_FIELDS[sort.column](sort.direction), { id: 'asc' }];
}

export function pageVariables(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: Math.max(0, page) * pageSize };
}
