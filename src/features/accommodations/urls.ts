// Typed URL builders for the accommodation area, so screens can be linked and reloaded: the editor
// and its tab, and the list with its search, filters, sort and page (shared, reloadable, and
// walked with the back button).
import { EMPTY_FILTERS, PAGE_SIZES, SORTABLE_COLUMNS, type AccommodationFilters, type Sort } from './listQuery';

export const EDITOR_TABS = ['basics', 'units', 'rates', 'ntak', 'taxes', 'images', 'fees', 'channels'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

export const NEW_ACCOMMODATION_ID = 'new';

export interface AccommodationListState {
  filters: AccommodationFilters;
  sort: Sort;
  /** Zero-based; the URL shows it one-based. */
  page: number;
  pageSize: number;
}

export const DEFAULT_LIST_STATE: AccommodationListState = { filters: EMPTY_FILTERS, sort: { column: 'name', direction: 'asc' }, page: 0, pageSize: PAGE_SIZES[0] };

/** The list, with only the state that differs from the defaults in its query string. */
export function accommodationListUrl(state: Partial<AccommodationListState> = {}): string {
  const { filters, sort, page, pageSize } = { ...DEFAULT_LIST_STATE, ...state };
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('q', filters.search);
  if (filters.city) params.set('city', filters.city);
  if (filters.ownerId) params.set('owner', filters.ownerId);
  if (filters.labelIds.length) params.set('labels', filters.labelIds.join(','));
  if (filters.hidden !== EMPTY_FILTERS.hidden) params.set('hidden', filters.hidden);
  if (sort.column !== DEFAULT_LIST_STATE.sort.column || sort.direction !== DEFAULT_LIST_STATE.sort.direction) params.set('sort', `${sort.column}.${sort.direction}`);
  if (page > 0) params.set('page', String(page + 1));
  if (pageSize !== DEFAULT_LIST_STATE.pageSize) params.set('size', String(pageSize));
  const query = params.toString();
  return query ? `/accommodations?${query}` : '/accommodations';
}

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));

/** The list state a URL's query holds; anything missing or malformed falls back to the default. */
export function listStateOf(query: Query): AccommodationListState {
  const hidden = one(query.hidden);
  const [column, direction] = one(query.sort).split('.');
  const page = Number.parseInt(one(query.page), 10);
  const size = Number(one(query.size));
  return {
    filters: {
      search: one(query.q),
      city: one(query.city),
      ownerId: one(query.owner),
      labelIds: one(query.labels).split(',').filter(Boolean),
      hidden: hidden === 'hidden' || hidden === 'all' ? hidden : EMPTY_FILTERS.hidden,
    },
    sort:
      (SORTABLE_COLUMNS as readonly string[]).includes(column) && (direction === 'asc' || direction === 'desc')
        ? { column: column as Sort['column'], direction }
        : DEFAULT_LIST_STATE.sort,
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_LIST_STATE.pageSize,
  };
}

export function accommodationUrl(id: string, tab?: EditorTab): string {
  const path = `/accommodations/${encodeURIComponent(id)}`;
  return tab && tab !== 'basics' ? `${path}?tab=${tab}` : path;
}

export function editorTabOf(value: unknown): EditorTab {
  return typeof value === 'string' && (EDITOR_TABS as readonly string[]).includes(value) ? (value as EditorTab) : 'basics';
}
