// The details section: the booking form wired to its hook, plus the status bar (cancel /
// re-activate). New bookings use the same form through NewBookingPanel.
import { useMemo, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSessionUser } from '@/features/shell';
import { messageOf } from '@/lib/apollo/errors';
import { translateFormMessage } from '@/lib/i18n/formMessage';
import { bookingCapabilitiesFor } from '../capabilities';
import { BookingForm } from '../components/BookingForm';
import { useBookingDetails } from '../hooks/useBookingDetails';
import { capacitiesOf } from '../mappers';
import type { NewBookingPrefill } from '../urls';
import type { BookingSectionProps } from './bookingSections';

function StatusBar({ status, canChange, onChange }: { status: string; canChange: boolean; onChange: (status: 'cancelled' | 'modified') => Promise<unknown> }) {
  const { t } = useTranslation('booking');
  const [busy, setBusy] = useState(false);
  const run = async (next: 'cancelled' | 'modified', confirmKey: string) => {
    if (!window.confirm(t(confirmKey))) return;
    setBusy(true);
    try {
      await onChange(next);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography>{t('fields.status')}</Typography>
      <Chip label={t(`statuses.${status}`)} color={status === 'cancelled' ? 'default' : 'primary'} data-testid="booking-status" />
      {canChange && status !== 'cancelled' ? (
        <Button color="error" disabled={busy} onClick={() => void run('cancelled', 'actions.confirmCancel')}>
          {t('actions.cancelBooking')}
        </Button>
      ) : null}
      {canChange && status === 'cancelled' ? (
        <Button disabled={busy} onClick={() => void run('modified', 'actions.confirmReactivate')}>
          {t('actions.reactivate')}
        </Button>
      ) : null}
    </Stack>
  );
}

function DetailsBody({ id, prefill, onCreated, onDirtyChange }: { id: string | null; prefill: Partial<NewBookingPrefill>; onCreated: (id: string) => void; onDirtyChange: BookingSectionProps['onDirtyChange'] }) {
  const { t } = useTranslation('booking');
  const { user } = useSessionUser();
  const can = bookingCapabilitiesFor(user?.role ?? null);
  const [statusError, setStatusError] = useState<string | null>(null);
  const details = useBookingDetails(id, can, prefill, onCreated);
  const capacities = useMemo(() => capacitiesOf(details.units), [details.units]);
  if (details.error) return <Alert severity="error">{t('common:toast.failed', { message: messageOf(details.error) })}</Alert>;
  if (!details.initialValues) return <Typography>{details.loading ? t('editor.loading') : t('editor.notFound')}</Typography>;
  const changeStatus = async (status: 'cancelled' | 'modified') => {
    const result = await details.changeStatus(status);
    // Re-activating over nights taken meanwhile: the overlap message, at the status, not a toast only.
    setStatusError(result && result !== 'failed' ? (translateFormMessage(t, result.messageKey) ?? null) : null);
  };
  return (
    <Stack spacing={2}>
      {details.booking ? <StatusBar status={details.booking.status} canChange={can.bookingFields} onChange={changeStatus} /> : null}
      {statusError ? (
        <Alert severity="error" role="alert">
          {statusError}
        </Alert>
      ) : null}
      <BookingForm initialValues={details.initialValues} isNew={!id} can={can} units={details.units} capacities={capacities} onSave={details.save} onQuote={details.quote} onDirtyChange={onDirtyChange} />
    </Stack>
  );
}

export function BookingDetailsPanel({ bookingId, onDirtyChange }: BookingSectionProps) {
  return <DetailsBody id={bookingId} prefill={{}} onCreated={() => undefined} onDirtyChange={onDirtyChange} />;
}

export function NewBookingPanel({ prefill, onCreated, onDirtyChange }: { prefill: NewBookingPrefill; onCreated: (id: string) => void; onDirtyChange: BookingSectionProps['onDirtyChange'] }) {
  return <DetailsBody id={null} prefill={prefill} onCreated={onCreated} onDirtyChange={onDirtyChange} />;
}
