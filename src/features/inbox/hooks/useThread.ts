// One open conversation: its data, live messages (subscription), flag and assignment changes,
// replies and notes, and marking it read when it is opened.
import { useCallback, useEffect } from 'react';
import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { useWrite } from '@/components/form/useWrite';
import { refetching } from '@/lib/apollo/refetching';
import { InboxThreadDocument } from '../graphql/inboxThread.generated';
import { SendMessageDocument } from '../graphql/sendMessage.generated';
import { ThreadMessagesDocument } from '../graphql/threadMessages.generated';
import { UpdateThreadDocument } from '../graphql/updateThread.generated';
import type { ThreadChanges } from '../types';

export function useThread(threadId: string, senderName: string) {
  const query = useQuery(InboxThreadDocument, { variables: { id: threadId }, skip: !threadId });
  const live = useSubscription(ThreadMessagesDocument, { variables: { threadId }, skip: !threadId });
  const [update] = useMutation(UpdateThreadDocument);
  const [insert] = useMutation(SendMessageDocument, refetching('InboxThreads'));
  const write = useWrite();

  const thread = query.data?.threads_by_pk ?? null;
  const messages = live.data?.messages ?? thread?.messages ?? [];
  const bookings = (thread?.thread_2_bookings ?? []).map((link) => link.booking);

  const change = useCallback((set: ThreadChanges) => write(() => update({ variables: { id: threadId, set } })), [write, update, threadId]);

  // Opening an unread conversation reads it (without a toast: nobody clicked "save").
  const unread = thread !== null && !thread.is_read;
  useEffect(() => {
    if (unread) void update({ variables: { id: threadId, set: { is_read: true } } }).catch(() => undefined);
  }, [unread, update, threadId]);

  const send = useCallback(
    (direction: 'outgoing' | 'internal', body: string) => write(() => insert({ variables: { object: { thread_id: threadId, direction, body, sender_name: senderName } } })),
    [write, insert, threadId, senderName],
  );

  return { thread, messages, bookings, loading: query.loading, error: query.error, change, send };
}
