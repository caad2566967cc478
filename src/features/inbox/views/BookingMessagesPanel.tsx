// The booking editor's Messages section: the booking's conversations (thread_2_bookings) with
// their messages, each opening in the inbox to answer.
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MessageList } from '../components/MessageList';
import { BookingThreadsDocument } from '../graphql/bookingThreads.generated';
import { threadUrl } from '../urls';

export function BookingMessagesPanel({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('inbox');
  const { data, loading, error } = useQuery(BookingThreadsDocument, { variables: { bookingId } });
  if (error) return <Alert severity="error">{t('loadFailed')}</Alert>;
  const threads = data?.threads ?? [];
  if (!loading && threads.length === 0) return <Typography color="text.secondary">{t('booking.none')}</Typography>;
  return (
    <Stack spacing={2}>
      {threads.map((thread) => (
        <Paper key={thread.id} variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography variant="subtitle1" component="h3">
              {thread.subject || t('noSubject')}
            </Typography>
            <Button component={NextLink} href={threadUrl(thread.id)}>
              {t('booking.open')}
            </Button>
          </Stack>
          <MessageList messages={thread.messages} />
        </Paper>
      ))}
    </Stack>
  );
}
