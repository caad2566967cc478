// The inbox list: the first page for the URL's filters and order, further pages by offset (merged
// into one cached list by the threads type policy), and a live reload of the first page whenever
// the newest inbox activity changes (a guest writes, a colleague answers).
import { useEffect, useMemo, useRef } from 'react';
import { useQuery, useSubscription } from '@apollo/client/react';
import { InboxLatestDocument } from '../graphql/inboxLatest.generated';
import { InboxThreadsDocument } from '../graphql/inboxThreads.generated';
import { PAGE_SIZE, threadsOrderBy, threadsWhere, type InboxFilters, type InboxSort } from '../listQuery';

export function useInboxList(filters: InboxFilters, sort: InboxSort, myUserId: string | null, ready: boolean) {
  const where = useMemo(() => threadsWhere(filters, myUserId), [filters, myUserId]);
  const orderBy = useMemo(() => threadsOrderBy(sort), [sort]);
  const list = useQuery(InboxThreadsDocument, { variables: { where, orderBy, limit: PAGE_SIZE, offset: 0 }, skip: !ready, notifyOnNetworkStatusChange: true });
  const latest = useSubscription(InboxLatestDocument, { skip: !ready });
  const stamp = latest.data?.threads[0] ? `${latest.data.threads[0].id}:${latest.data.threads[0].last_message_at}:${latest.data.threads[0].is_read}` : '';
  const seen = useRef('');
  const { refetch } = list;
  useEffect(() => {
    if (!stamp) return;
    if (seen.current && seen.current !== stamp) void refetch();
    seen.current = stamp;
  }, [stamp, refetch]);

  const threads = list.data?.threads ?? list.previousData?.threads ?? [];
  const total = list.data?.threads_aggregate.aggregate?.count ?? list.previousData?.threads_aggregate.aggregate?.count ?? 0;
  return {
    threads,
    total,
    loading: list.loading,
    error: list.error,
    loadMore: () => list.fetchMore({ variables: { offset: threads.length } }),
  };
}
