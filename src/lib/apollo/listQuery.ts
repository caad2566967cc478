// Query options of a server-paged list and of its filter choices. The list is drawn from the cache
// at once and loaded again on every visit, so a row created, edited or deleted elsewhere in the app
// is there when the user comes back to the list (cache-first kept the page as first loaded).
export const LIST_QUERY_OPTIONS = { fetchPolicy: 'cache-and-network' } as const;
