// Typed URLs of the cleanings area: the board's week and unit page live in the query string, so the
// board can be linked, reloaded and walked with the back button.
import { parseWeek } from '@/domain/cleanings';

export const BOARD_UNITS_PER_PAGE = 30;

export interface BoardState {
  /** Monday of the week shown. */
  week: string;
  /** Zero-based unit page. */
  page: number;
}

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));

export function boardStateOf(query: Query, today: string): BoardState {
  const page = Number.parseInt(one(query.page), 10);
  return { week: parseWeek(one(query.week), today), page: Number.isFinite(page) && page > 1 && page < 100_000 ? page - 1 : 0 };
}

/** The board URL; the current week and the first page are left out. */
export function cleaningsUrl(state: Partial<BoardState> = {}, today?: string): string {
  const params = new URLSearchParams();
  if (state.week && (!today || state.week !== parseWeek(today, today))) params.set('week', state.week);
  if (state.page && state.page > 0) params.set('page', String(state.page + 1));
  const q = params.toString();
  return q ? `/cleanings?${q}` : '/cleanings';
}
