// URLs of the registry screens and of the places a field error is fixed. The dashboards keep
// their filters and page in the query string, so a view can be linked, reloaded and walked back.
import { accommodationUrl } from '@/features/accommodations/urls';
import { guestFixUrl } from '@/features/journey/urls';

export const PAGE_SIZE = 20;
export const STATUSES = ['pending', 'error', 'blocked', 'success', 'skipped'] as const;
export type SubmissionStatus = (typeof STATUSES)[number];
export const MESSAGE_TYPES = ['reservation', 'check_in', 'check_out', 'room_change', 'scheduler', 'daily_close'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface NtakListState {
  accommodation: string | null;
  status: SubmissionStatus | null;
  type: MessageType | null;
  page: number;
}

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pageOf = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n - 1 : 0;
};

function withQuery(path: string, params: Record<string, string | number | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export function ntakStateOf(query: Query): NtakListState {
  const acc = one(query.accommodation);
  const status = one(query.status);
  const type = one(query.type);
  return {
    accommodation: acc && UUID.test(acc) ? acc : null,
    status: (STATUSES as readonly string[]).includes(status ?? '') ? (status as SubmissionStatus) : null,
    type: (MESSAGE_TYPES as readonly string[]).includes(type ?? '') ? (type as MessageType) : null,
    page: pageOf(one(query.page)),
  };
}

export function ntakUrl(state: Partial<NtakListState> = {}): string {
  return withQuery('/ntak', { accommodation: state.accommodation ?? null, status: state.status ?? null, type: state.type ?? null, page: state.page ? state.page + 1 : null });
}

export interface VizaListState {
  status: SubmissionStatus | null;
  page: number;
  accommodationsPage: number;
}

export function vizaStateOf(query: Query): VizaListState {
  const status = one(query.status);
  return { status: (STATUSES as readonly string[]).includes(status ?? '') ? (status as SubmissionStatus) : null, page: pageOf(one(query.page)), accommodationsPage: pageOf(one(query.modules)) };
}

export function vizaUrl(state: Partial<VizaListState> = {}): string {
  return withQuery('/viza', { status: state.status ?? null, page: state.page ? state.page + 1 : null, modules: state.accommodationsPage ? state.accommodationsPage + 1 : null });
}

/** Where a field error's row is edited (the worker's `fix: {table, id, column}`); null when no screen edits it. */
export interface FixTarget {
  table: string;
  id: string;
  column?: string;
}

export function fixHref(fix: FixTarget | null | undefined, submission: { accommodation_id: string; booking_id?: string | null }): string | null {
  if (!fix) return null;
  switch (fix.table) {
    case 'accommodations':
      return accommodationUrl(fix.id, fix.column && /^(ntak_|skip_ntak)/.test(fix.column) ? 'ntak' : 'basics');
    case 'units':
      return accommodationUrl(submission.accommodation_id, 'units');
    case 'tourist_tax_ranges':
      return accommodationUrl(submission.accommodation_id, 'taxes');
    case 'bookings':
      return `/bookings/${encodeURIComponent(fix.id)}`;
    case 'booked_units':
      return submission.booking_id ? guestFixUrl(submission.booking_id) : null;
    case 'guest_checkins':
      // The booking's guests section with this check-in open and the refused field pointed at.
      return submission.booking_id ? guestFixUrl(submission.booking_id, fix.id, fix.column) : null;
    default:
      return null;
  }
}
