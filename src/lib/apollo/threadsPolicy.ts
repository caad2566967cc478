// Cache policy of the threads inbox list (SPEC 3): one cached list per ordering and per `_and`
// filter, so that other `where` parts (search-as-you-type) and paging do not fork the list;
// pages are written into the list at their offset.
import type { FieldPolicy, Reference } from '@apollo/client';

/** Only `order_by` and the `_and` member of `where` identify a threads list. */
export const threadsKeyArgs = ['order_by', 'where', ['_and']];

export function mergeByOffset<T>(existing: readonly T[] | undefined, incoming: readonly T[], offset: number | undefined): T[] {
  const merged = existing ? existing.slice(0) : [];
  const start = offset ?? 0;
  for (let i = 0; i < incoming.length; i++) merged[start + i] = incoming[i];
  return merged;
}

export const threadsFieldPolicy: FieldPolicy<Reference[]> = {
  keyArgs: threadsKeyArgs,
  merge(existing, incoming, { args }) {
    const offset = typeof args?.offset === 'number' ? args.offset : 0;
    return mergeByOffset(existing, incoming, offset);
  },
};
