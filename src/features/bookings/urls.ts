// Typed URL builders for the bookings area (the seam other areas link by): the list with its
// filters, sort and page (`/bookings?...`), the editor and its section (`/bookings/<id>?section=`),
// and a new booking prefilled from a calendar range (`/bookings/new?unit=&arrival=&departure=`).
import { BOOKING_CHANNELS, BOOKING_STATUSES, isIsoDate, type BookingChannel, type BookingStatus } from '@/domain/bookings/values';
import { BOOKING_PAGE_SIZES, BOOKING_SORT_COLUMNS, DEFAULT_BOOKING_SORT, EMPTY_BOOKING_FILTERS, type BookingFilters, type BookingSort } from './listQuery';

export const NEW_BOOKING_ID = 'new';

export interface BookingListState {
  filters: BookingFilters;
  sort: BookingSort;
  /** Zero-based; the URL shows it one-based. */
  page: number;
  pageSize: number;
}

export const DEFAULT_BOOKING_LIST_STATE: BookingListState = { filters: EMPTY_BOOKING_FILTERS, sort: DEFAULT_BOOKING_SORT, page: 0, pageSize: BOOKING_PAGE_SIZES[0] };

/** The list, with only the state that differs from the defaults in its query string. */
export function bookingListUrl(state: Partial<BookingListState> = {}): string {
  const { filters, sort, page, pageSize } = { ...DEFAULT_BOOKING_LIST_STATE, ...state };
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('q', filters.search);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.statuses.length) params.set('status', filters.statuses.join(','));
  if (filters.channel) params.set('channel', filters.channel);
  if (filters.accommodationId) params.set('accommodation', filters.accommodationId);
  if (filters.unitId) params.set('unit', filters.unitId);
  if (sort.column !== DEFAULT_BOOKING_SORT.column || sort.direction !== DEFAULT_BOOKING_SORT.direction) params.set('sort', `${sort.column}.${sort.direction}`);
  if (page > 0) params.set('page', String(page + 1));
  if (pageSize !== DEFAULT_BOOKING_LIST_STATE.pageSize) params.set('size', String(pageSize));
  const query = params.toString();
  return query ? `/bookings?${query}` : '/bookings';
}

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrEmpty = (value: string): string => (UUID.test(value) ? value : '');

/** The list state a URL's query holds; anything missing or malformed falls back to the default. */
export function bookingListStateOf(query: Query): BookingListState {
  const [column, direction] = one(query.sort).split('.');
  const page = Number.parseInt(one(query.page), 10);
  const size = Number(one(query.size));
  const channel = one(query.channel);
  const from = one(query.from);
  const to = one(query.to);
  return {
    filters: {
      search: one(query.q),
      from: isIsoDate(from) ? from : '',
      to: isIsoDate(to) ? to : '',
      statuses: one(query.status)
        .split(',')
        .filter((s): s is BookingStatus => (BOOKING_STATUSES as readonly string[]).includes(s)),
      channel: (BOOKING_CHANNELS as readonly string[]).includes(channel) ? (channel as BookingChannel) : '',
      accommodationId: uuidOrEmpty(one(query.accommodation)),
      unitId: uuidOrEmpty(one(query.unit)),
    },
    sort:
      (BOOKING_SORT_COLUMNS as readonly string[]).includes(column) && (direction === 'asc' || direction === 'desc')
        ? { column: column as BookingSort['column'], direction }
        : DEFAULT_BOOKING_SORT,
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
    pageSize: (BOOKING_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_BOOKING_LIST_STATE.pageSize,
  };
}

/** The calendar (iCal) sync screen. */
export function bookingSyncUrl(): string {
  return '/bookings/sync';
}

export function bookingUrl(id: string, section?: string): string {
  const path = `/bookings/${encodeURIComponent(id)}`;
  return section && section !== 'details' ? `${path}?section=${encodeURIComponent(section)}` : path;
}

export interface NewBookingPrefill {
  unitId: string;
  arrival: string;
  departure: string;
}

/** A new booking, prefilled (e.g. from a calendar range selection). */
export function newBookingUrl(prefill: Partial<NewBookingPrefill> = {}): string {
  const params = new URLSearchParams();
  if (prefill.unitId) params.set('unit', prefill.unitId);
  if (prefill.arrival) params.set('arrival', prefill.arrival);
  if (prefill.departure) params.set('departure', prefill.departure);
  const query = params.toString();
  return query ? `/bookings/new?${query}` : '/bookings/new';
}

/** The prefill a /bookings/new URL carries; malformed values are dropped, departure must follow arrival. */
export function newBookingPrefillOf(query: Query): NewBookingPrefill {
  const arrival = one(query.arrival);
  const departure = one(query.departure);
  const okArrival = isIsoDate(arrival) ? arrival : '';
  const okDeparture = isIsoDate(departure) && (!okArrival || departure > okArrival) ? departure : '';
  return { unitId: uuidOrEmpty(one(query.unit)), arrival: okArrival, departure: okDeparture };
}

export function sectionOf(value: unknown, sectionIds: readonly string[]): string {
  return typeof value === 'string' && sectionIds.includes(value) ? value : 'details';
}
