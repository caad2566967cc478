// The conversation list: guest, subject, accommodation, priority, flags and time; the open one
// highlighted; more pages on demand.
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ThreadRow } from '../types';
import { formatWhen } from './format';

export interface ThreadListProps {
  threads: readonly ThreadRow[];
  total: number;
  loading: boolean;
  selectedId: string;
  hrefOf: (id: string) => string;
  onLoadMore: () => void;
}

/** High in the error colour; medium in dark amber on light amber (white on amber fails AA contrast). */
function PriorityChip({ priority, label }: { priority: number; label: string }) {
  return priority === 2 ? <Chip size="small" color="error" label={label} /> : <Chip size="small" label={label} sx={{ bgcolor: '#fff3e0', color: '#7a3e00' }} />;
}

export function ThreadList({ threads, total, loading, selectedId, hrefOf, onLoadMore }: ThreadListProps) {
  const { t, i18n } = useTranslation('inbox');
  if (!loading && threads.length === 0) return <Typography sx={{ p: 2 }} color="text.secondary">{t('empty')}</Typography>;
  return (
    <Box>
      <List dense disablePadding aria-label={t('title')}>
        {threads.map((thread) => (
          // A list item around each link: a <ul> may hold only <li>.
          <ListItem key={thread.id} disablePadding>
            <ListItemButton
              component={NextLink}
              href={hrefOf(thread.id)}
              selected={thread.id === selectedId}
              aria-current={thread.id === selectedId ? 'true' : undefined}
              data-testid="inbox-thread"
              sx={{ alignItems: 'flex-start', borderBottom: 1, borderColor: 'divider', py: 1 }}
            >
              <Stack sx={{ minWidth: 0, flex: 1 }} spacing={0.25}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                  <Typography noWrap sx={{ flex: 1, fontWeight: thread.is_read ? 400 : 700 }}>
                    {thread.is_starred ? '★ ' : ''}
                    {thread.guest_name || thread.guest_email || t('unknownGuest')}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {formatWhen(thread.last_message_at, i18n.language)}
                  </Typography>
                </Stack>
                <Typography variant="body2" noWrap color="text.secondary">
                  {thread.subject || t('noSubject')}
                </Typography>
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                  {thread.thread_2_accommodations.map((link) => (
                    <Chip key={link.accommodation_id} size="small" variant="outlined" label={link.accommodation.name} />
                  ))}
                  {thread.priority > 0 ? <PriorityChip priority={thread.priority} label={t(`priority.${thread.priority}`)} /> : null}
                  {thread.needs_reply ? <Chip size="small" color="primary" label={t('filters.needsReply')} /> : null}
                  {!thread.is_read ? <Chip size="small" label={t('filters.unread')} /> : null}
                </Stack>
              </Stack>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {threads.length < total ? (
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button onClick={onLoadMore} disabled={loading}>
            {t('loadMore')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
