// Columns of the accommodation table and how the user's choice is stored in the browser.

export const TABLE_COLUMNS = ['name', 'externalName', 'city', 'address', 'zip', 'owner', 'labels', 'units', 'ntakId', 'hidden'] as const;
export type TableColumn = (typeof TABLE_COLUMNS)[number];

export const DEFAULT_COLUMNS: TableColumn[] = ['name', 'city', 'address', 'owner', 'labels', 'units'];
export const COLUMNS_STORAGE_KEY = 'accommodations-columns';

/** A stored choice, kept only if readable; the name column is always shown (it links to the editor). */
export function parseColumns(stored: string | null): TableColumn[] {
  if (!stored) return DEFAULT_COLUMNS;
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return DEFAULT_COLUMNS;
    const chosen = TABLE_COLUMNS.filter((column) => value.includes(column));
    return chosen.includes('name') ? chosen : ['name', ...chosen];
  } catch {
    return DEFAULT_COLUMNS;
  }
}
