// The snippets area's public entry: its URL.
export const SNIPPETS_URL = '/snippets';
