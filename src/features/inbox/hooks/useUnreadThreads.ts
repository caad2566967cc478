// The navigation's unread badge: open unread conversations, live.
import { useSubscription } from '@apollo/client/react';
import { UnreadThreadsDocument } from '../graphql/unreadThreads.generated';

export function useUnreadThreads(enabled: boolean): number {
  const { data } = useSubscription(UnreadThreadsDocument, { skip: !enabled });
  return data?.threads_aggregate.aggregate?.count ?? 0;
}
