// One upcoming cleaning on the cleaner's phone: when, where, who comes next, and the two actions
// (acknowledge a NEW one; report a problem). An obsolete one is shown struck through, no actions.
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import type { CleaningFragment } from '../graphql/fragments.generated';
import { CleaningStatusChip } from './CleaningStatusChip';
import { NextArrival } from './NextArrival';

export interface CleanerCleaningCardProps {
  cleaning: CleaningFragment;
  onAcknowledge: (id: string) => void;
  onReport: (cleaning: CleaningFragment) => void;
  busy?: boolean;
}

export function CleanerCleaningCard({ cleaning, onAcknowledge, onReport, busy }: CleanerCleaningCardProps) {
  const { t, i18n } = useTranslation('cleanings');
  const day = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${cleaning.date}T00:00:00Z`));
  const obsolete = cleaning.status === 'OBSOLETE';
  return (
    <Card variant="outlined" component="article" aria-label={t('mine.cardLabel', { unit: cleaning.unit.name, day })} data-status={cleaning.status} sx={{ opacity: obsolete ? 0.7 : 1 }}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, textDecoration: obsolete ? 'line-through' : undefined }}>
            {day}
          </Typography>
          <CleaningStatusChip status={cleaning.status} />
        </Stack>
        <Typography variant="body1">{cleaning.unit.name}</Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>{cleaning.unit.accommodation.name}</Typography>
        {obsolete ? <Typography variant="body2">{t('mine.obsolete')}</Typography> : <NextArrival cleaning={cleaning} />}
        {cleaning.notes && <Typography variant="body2" sx={{ mt: 0.5 }}>{t('dialog.notes', { notes: cleaning.notes })}</Typography>}
      </CardContent>
      {!obsolete && (
        <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          {cleaning.status === 'NEW' && (
            <Button variant="contained" size="large" disabled={busy} onClick={() => onAcknowledge(cleaning.id)}>
              {t('mine.acknowledge')}
            </Button>
          )}
          <Button variant="outlined" size="large" onClick={() => onReport(cleaning)}>
            {t('mine.report')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
