// "Next guests: 3 · check-in 5 Dec, arriving 14:00" for a cleaning, or "No next arrival yet".
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import type { CleaningFragment } from '../graphql/fragments.generated';

export function NextArrival({ cleaning }: { cleaning: Pick<CleaningFragment, 'next_guests' | 'next_checkin' | 'next_arrival_at'> }) {
  const { t, i18n } = useTranslation('cleanings');
  if (!cleaning.next_checkin) return <Typography variant="body2" color="text.secondary">{t('next.none')}</Typography>;
  const day = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', weekday: 'short', timeZone: 'UTC' }).format(new Date(`${cleaning.next_checkin}T00:00:00Z`));
  const time = cleaning.next_arrival_at
    ? new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit', timeZone: 'Europe/Budapest' }).format(new Date(cleaning.next_arrival_at))
    : null;
  return (
    <Typography variant="body2">
      {t('next.guests', { count: cleaning.next_guests ?? 0 })} · {time ? t('next.arrivingAt', { day, time }) : t('next.arriving', { day })}
    </Typography>
  );
}
