// Turns the table view's search, filters, sorting and page into the GraphQL engine's where,
// order_by, limit and offset, so paging and counting happen in the database, not the browser.
import type { accommodations_bool_exp, accommodations_order_by, order_by } from '@/lib/graphql/schema.generated';

export interface AccommodationFilters {
  search: string;
  city: string;
  ownerId: string;
  labelIds: string[];
  /** 'visible' (default), 'hidden' or 'all'. */
  hidden: 'visible' | 'hidden' | 'all';
}

export const EMPTY_FILTERS: AccommodationFilters = { search: '', city: '', ownerId: '', labelIds: [], hidden: 'visible' };

/** Rows per page the table offers; the first is the default. */
export const PAGE_SIZES = [25, 50, 100] as const;

export const SORTABLE_COLUMNS = ['name', 'city', 'owner', 'zip', 'ntakId'] as const;
export type SortColumn = (typeof SORTABLE_COLUMNS)[number];
export interface Sort {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

/** LIKE patterns treat % and _ as wildcards; a user typing them means the characters. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `_ilike` pattern matching the typed text anywhere (everything when it is blank). */
export function containsPattern(text: string): string {
  return `%${likeEscape(text.trim())}%`;
}

export function accommodationWhere(filters: AccommodationFilters): accommodations_bool_exp {
  const and: accommodations_bool_exp[] = [];
  const search = filters.search.trim();
  if (search) {
    const pattern = `%${likeEscape(search)}%`;
    and.push({ _or: [{ name: { _ilike: pattern } }, { external_name: { _ilike: pattern } }, { address: { _ilike: pattern } }, { owner_name: { _ilike: pattern } }] });
  }
  if (filters.city) and.push({ city: { _eq: filters.city } });
  if (filters.ownerId) and.push({ owner_id: { _eq: filters.ownerId } });
  // Every chosen label must be present (labels narrow the list, as tags do).
  for (const labelId of filters.labelIds) and.push({ accommodation_labels: { label_id: { _eq: labelId } } });
  if (filters.hidden !== 'all') and.push({ is_hidden: { _eq: filters.hidden === 'hidden' } });
  return and.length ? { _and: and } : {};
}

const ORDER_FIELDS: Record<SortColumn, (direction: order_by) => accommodations_order_by> = {
  name: (d) => ({ name: d }),
  city: (d) => ({ city: d }),
  owner: (d) => ({ owner_name: d }),
  zip: (d) => ({ zip: d }),
  ntakId: (d) => ({ ntak_id: d }),
};

/** The chosen sort, then name and id so pages are stable when values repeat. */
export function accommodationOrderBy(sort: Sort): accommodations_order_by[] {
  const order = [ORDER_FIELDS[sort.column](sort.direction)];
  if (sort.column !== 'name') order.push({ name: 'asc' });
  order.push({ id: 'asc' });
  return order;
}

export function pageVariables(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: Math.max(0, page) * pageSize };
}
