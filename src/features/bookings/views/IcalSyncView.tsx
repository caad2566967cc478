// /bookings/sync: calendar sync per unit - the export URL channels poll and the channels' iCal
// URLs this app polls (ical_import cron), with each feed's state, conflicts and failures.
import { useTranslation } from 'next-i18next/pages';
import Link from 'next/link';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSessionUser } from '@/features/shell';
import { bookingCapabilitiesFor } from '../capabilities';
import { IcalUnitCard } from '../components/IcalUnitCard';
import { useIcalSync } from '../hooks/useIcalSync';
import { bookingListUrl } from '../urls';

export function IcalSyncView() {
  const { t } = useTranslation('booking');
  const { user } = useSessionUser();
  if (!bookingCapabilitiesFor(user?.role ?? null).icalFeeds) return <Alert severity="info">{t('ical.notForRole')}</Alert>;
  return <IcalSyncScreen />;
}

function IcalSyncScreen() {
  const { t } = useTranslation('booking');
  const sync = useIcalSync();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const units = needle ? sync.units.filter((u) => `${u.accommodationName} ${u.name}`.toLowerCase().includes(needle)) : sync.units;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button component={Link} href={bookingListUrl()}>
          {t('editor.back')}
        </Button>
        <Typography variant="h5" component="h1">
          {t('ical.title')}
        </Typography>
      </Stack>
      <Typography color="text.secondary">{t('ical.intro')}</Typography>
      <TextField size="small" type="search" label={t('ical.findUnit')} value={filter} onChange={(e) => setFilter(e.target.value)} sx={{ maxWidth: 360 }} />
      {sync.error ? <Alert severity="error">{t('ical.loadFailed')}</Alert> : null}
      {sync.loading && !sync.units.length ? <Typography>{t('editor.loading')}</Typography> : null}
      {units.map((unit) => (
        <IcalUnitCard key={unit.id} unit={unit} onAdd={sync.addFeed} onSetActive={sync.setActive} onRemove={sync.removeFeed} onRotate={sync.rotateToken} onSyncNow={sync.syncNow} />
      ))}
    </Stack>
  );
}
