// Typed URL builders for the accommodation area, so screens can be linked and reloaded.

export const EDITOR_TABS = ['basics', 'units', 'rates', 'ntak', 'taxes', 'images', 'fees', 'channels'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

export const NEW_ACCOMMODATION_ID = 'new';

export const accommodationListUrl = (): string => '/accommodations';

export function accommodationUrl(id: string, tab?: EditorTab): string {
  const path = `/accommodations/${encodeURIComponent(id)}`;
  return tab && tab !== 'basics' ? `${path}?tab=${tab}` : path;
}

export function editorTabOf(value: unknown): EditorTab {
  return typeof value === 'string' && (EDITOR_TABS as readonly string[]).includes(value) ? (value as EditorTab) : 'basics';
}
