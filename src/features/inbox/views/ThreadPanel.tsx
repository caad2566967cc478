// The open conversation: header with flags and assignment, its booking (linked by hand when the
// e-mail could not be matched), live messages, the composer, and the thread's tasks (the server's
// needsreply task among them, live).
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { TaskPanel } from '@/features/tasks';
import { Composer } from '../components/Composer';
import { MessageList } from '../components/MessageList';
import { ThreadBookingLink } from '../components/ThreadBookingLink';
import { ThreadHeader } from '../components/ThreadHeader';
import { useSnippetPicker } from '../hooks/useSnippetPicker';
import { useThread } from '../hooks/useThread';
import { useThreadLink } from '../hooks/useThreadLink';

export interface ThreadPanelProps {
  threadId: string;
  senderName: string;
  assignees: readonly { id: string; displayName: string }[];
}

export function ThreadPanel({ threadId, senderName, assignees }: ThreadPanelProps) {
  const { t } = useTranslation('inbox');
  const { thread, messages, bookings, loading, error, change, send } = useThread(threadId, senderName);
  const snippets = useSnippetPicker(bookings[0], thread?.guest_name ?? null);
  const linking = useThreadLink(thread, bookings);
  const threadBookingId = bookings[0]?.id ?? null;
  const taskScope = useMemo(() => ({ threadId, threadBookingId }), [threadId, threadBookingId]);
  if (error) return <Alert severity="error">{t('loadFailed')}</Alert>;
  if (!thread) return loading ? null : <Alert severity="info">{t('threadNotFound')}</Alert>;
  return (
    <Stack spacing={2} data-testid="thread-panel">
      <ThreadHeader thread={thread} bookings={bookings} assignees={assignees} onChange={(changes) => void change(changes)} />
      <ThreadBookingLink bookings={bookings} search={linking.search} onLink={linking.onLink} onUnlink={linking.onUnlink} />
      <Divider />
      <MessageList messages={messages} />
      <Divider />
      <Composer snippetNames={snippets.names} renderSnippet={snippets.render} onSend={send} />
      <Divider />
      <TaskPanel scope={taskScope} live />
    </Stack>
  );
}
