// The cleanings a booking caused, newest plan last (obsolete ones kept to show what moved).
import { useQuery } from '@apollo/client/react';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { BookingCleaningsDocument } from '../graphql/bookingCleanings.generated';
import { CleaningStatusChip } from './CleaningStatusChip';
import { NextArrival } from './NextArrival';

export function BookingCleanings({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('cleanings');
  const q = useQuery(BookingCleaningsDocument, { variables: { bookingId }, fetchPolicy: 'cache-and-network' });
  const rows = q.data?.cleanings ?? [];
  return (
    <Stack component="section" aria-label={t('booking.title')} spacing={1}>
      <Typography variant="h6" component="h2">{t('booking.title')}</Typography>
      {!rows.length ? <Typography color="text.secondary">{q.loading ? t('loading') : t('booking.none')}</Typography> : (
        <List dense disablePadding>
          {rows.map((c) => (
            <ListItem key={c.id} divider data-status={c.status} sx={{ gap: 2, flexWrap: 'wrap' }}>
              <Typography sx={{ minWidth: 110, textDecoration: c.status === 'OBSOLETE' ? 'line-through' : undefined }}>{c.date}</Typography>
              <Typography sx={{ minWidth: 120 }}>{c.unit.name}</Typography>
              <CleaningStatusChip status={c.status} />
              {c.status !== 'OBSOLETE' && c.status !== 'REMOVED' && <NextArrival cleaning={c} />}
              {c.removal_reason && <Typography variant="body2">{t('dialog.removedBecause', { reason: c.removal_reason })}</Typography>}
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
