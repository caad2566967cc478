// The client-side calendar settings (SPEC 2): hideChildRates (default false) and hideRates
// (default true) for this visit; smoothScrolling, accommodationIds and filterIds restored from
// browser storage (calendar-smoothScrolling, calendar-accommodationIds, calendar-filterIds) and
// falling back to false, empty and empty when missing or unreadable.

export const STORAGE_KEYS = {
  smoothScrolling: 'calendar-smoothScrolling',
  accommodationIds: 'calendar-accommodationIds',
  filterIds: 'calendar-filterIds',
} as const;

export interface CalendarSettings {
  hideChildRates: boolean;
  hideRates: boolean;
  smoothScrolling: boolean;
  /** Accommodations shown; empty shows all the user may see. */
  accommodationIds: string[];
  /** Label ids: only accommodations carrying one of them; empty filters nothing. */
  filterIds: string[];
}

export const DEFAULT_SETTINGS: CalendarSettings = { hideChildRates: false, hideRates: true, smoothScrolling: false, accommodationIds: [], filterIds: [] };

function parseJson(stored: string | null): unknown {
  if (stored === null) return undefined;
  try {
    return JSON.parse(stored);
  } catch {
    return undefined;
  }
}

/** A stored id list: a JSON array of non-empty strings (at most 500, deduplicated), else empty. */
export function parseIdList(stored: string | null): string[] {
  const value = parseJson(stored);
  if (!Array.isArray(value) || value.length > 500 || !value.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 100)) return [];
  return [...new Set(value as string[])];
}

/** A stored flag: JSON true or false, anything else false. */
export function parseFlag(stored: string | null): boolean {
  return parseJson(stored) === true;
}
