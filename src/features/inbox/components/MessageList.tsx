// The messages of a conversation: the guest on the left, replies on the right, internal notes
// marked apart. Bodies are text (React escapes them), line breaks kept.
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MessageRow } from '../types';
import { formatWhen } from './format';

export function MessageList({ messages }: { messages: readonly MessageRow[] }) {
  const { t, i18n } = useTranslation('inbox');
  return (
    <Stack spacing={1.5} component="ol" aria-label={t('title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {messages.map((m) => {
        const mine = m.direction !== 'incoming';
        const note = m.direction === 'internal';
        return (
          <Box component="li" key={m.id} data-testid={`message-${m.direction}`} sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
            <Paper variant="outlined" sx={{ p: 1.5, maxWidth: '85%', bgcolor: note ? '#fff8e1' : mine ? 'action.selected' : 'background.paper', borderStyle: note ? 'dashed' : 'solid' }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {t(`message.${m.direction}`)}
                {m.sender_name ? ` · ${m.sender_name}` : ''} · {formatWhen(m.sent_at, i18n.language)}
                {m.direction === 'outgoing' ? ` · ${m.email_sent_at ? t('message.emailSent') : m.email_error ? m.email_error : t('message.emailPending')}` : ''}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.body}</Typography>
            </Paper>
          </Box>
        );
      })}
    </Stack>
  );
}
