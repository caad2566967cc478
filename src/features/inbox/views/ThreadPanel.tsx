// The open conversation: header with flags and assignment, live messages, and the composer.
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { Composer } from '../components/Composer';
import { MessageList } from '../components/MessageList';
import { ThreadHeader } from '../components/ThreadHeader';
import { useSnippetPicker } from '../hooks/useSnippetPicker';
import { useThread } from '../hooks/useThread';

export interface ThreadPanelProps {
  threadId: string;
  senderName: string;
  assignees: readonly { id: string; displayName: string }[];
}

export function ThreadPanel({ threadId, senderName, assignees }: ThreadPanelProps) {
  const { t } = useTranslation('inbox');
  const { thread, messages, bookings, loading, error, change, send } = useThread(threadId, senderName);
  const snippets = useSnippetPicker(bookings[0], thread?.guest_name ?? null);
  if (error) return <Alert severity="error">{t('loadFailed')}</Alert>;
  if (!thread) return loading ? null : <Alert severity="info">{t('threadNotFound')}</Alert>;
  return (
    <Stack spacing={2} data-testid="thread-panel">
      <ThreadHeader thread={thread} bookings={bookings} assignees={assignees} onChange={(changes) => void change(changes)} />
      <Divider />
      <MessageList messages={messages} />
      <Divider />
      <Composer snippetNames={snippets.names} renderSnippet={snippets.render} onSend={send} />
    </Stack>
  );
}
