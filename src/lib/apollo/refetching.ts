// Mutation options that refetch the named active queries and wait for them, so a toast of success
// appears only when every open screen already shows the change.
export function refetching(...operationNames: string[]): { refetchQueries: string[]; awaitRefetchQueries: true } {
  return { refetchQueries: operationNames, awaitRefetchQueries: true };
}
