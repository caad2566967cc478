// The booking editor's "Guests & check-in / invoice / orders" section: the guests checked in per
// unit (from the journey page or its document scan), the invoice details and the transfer and
// adventure orders, with the guest's journey link to send. Read-only: guests enter these.
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import type { BookingSectionProps } from '@/features/bookings/views/bookingSections';
import { BookingJourneyDocument } from '../graphql/bookingJourney.generated';
import { journeyUrl } from '../urls';

const time = (value: string | null) => (value ? value.slice(0, 5) : '');
const stamp = (value: string) => new Date(value).toLocaleString('en-GB', { timeZone: 'Europe/Budapest', dateStyle: 'medium', timeStyle: 'short' });

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack component="section" aria-label={title} spacing={1}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

export function BookingJourneyPanel({ bookingId }: BookingSectionProps) {
  const { t } = useTranslation('journey');
  const q = useQuery(BookingJourneyDocument, { variables: { bookingId }, fetchPolicy: 'cache-and-network' });
  const booking = q.data?.bookings_by_pk;
  if (q.error) return <Alert severity="error">{t('staff.loadFailed')}</Alert>;
  if (!booking) return <Typography color="text.secondary">{t('loading')}</Typography>;
  const link = typeof window === 'undefined' ? journeyUrl(booking.journey_id) : `${window.location.origin}${journeyUrl(booking.journey_id)}`;
  const guests = booking.booked_units.flatMap((u) => u.guest_checkins.map((g) => ({ ...g, unit: u.unit.name })));
  return (
    <Stack spacing={4}>
      <Typography>
        {t('staff.journeyLink')}:{' '}
        <Link href={link} target="_blank" rel="noopener" data-testid="journey-link">
          {link}
        </Link>
      </Typography>
      <Section title={t('staff.checkins')}>
        {booking.booked_units.map((u) => (
          <Typography key={u.id} color="text.secondary">
            {t('stay.unitGuests', { unit: u.unit.name, count: u.guest_checkins.length, capacity: u.adults + u.children + u.infants })}
          </Typography>
        ))}
        {guests.length === 0 ? (
          <Typography color="text.secondary">{t('staff.noCheckins')}</Typography>
        ) : (
          <List dense disablePadding>
            {guests.map((g) => (
              <ListItem key={g.id} divider sx={{ gap: 2, flexWrap: 'wrap' }} data-testid="checked-in-guest">
                <Typography sx={{ minWidth: 180, fontWeight: 500 }}>{`${g.first_name} ${g.last_name}`}</Typography>
                <Typography variant="body2">{g.unit}</Typography>
                <Typography variant="body2">{`${t('staff.born')}: ${g.dob}${g.pob ? `, ${g.pob}` : ''} · ${g.nationality}`}</Typography>
                <Typography variant="body2">{`${t('staff.document')}: ${t(`documentTypes.${g.document_type}`)} ${g.document_id}`}</Typography>
                <Typography variant="body2">{`${stamp(g.checkin_time)} – ${stamp(g.checkout_time)}`}</Typography>
                {g.scanned ? <Chip size="small" label={t('staff.scanned')} /> : null}
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section title={t('staff.invoice')}>
        {booking.invoice_details ? (
          <Typography data-testid="invoice-details">
            {[booking.invoice_details.name, booking.invoice_details.address, `${booking.invoice_details.zip} ${booking.invoice_details.city}`, booking.invoice_details.country, booking.invoice_details.tax_id].filter(Boolean).join(' · ')}
          </Typography>
        ) : (
          <Typography color="text.secondary">{t('staff.noInvoice')}</Typography>
        )}
      </Section>
      <Section title={t('staff.transfers')}>
        {booking.transfer_orders.length === 0 ? <Typography color="text.secondary">{t('staff.noOrders')}</Typography> : null}
        <List dense disablePadding>
          {booking.transfer_orders.map((o) => (
            <ListItem key={o.id} divider sx={{ gap: 2, flexWrap: 'wrap' }} data-testid="transfer-order">
              <Typography sx={{ fontWeight: 500 }}>{o.direction === 'departure' ? t('transfer.departure') : t('transfer.arrival')}</Typography>
              <Typography variant="body2">{`${t('staff.flight')}: ${o.flight_number ?? ''} ${o.date} ${time(o.departure_time ?? o.landing_time)}`}</Typography>
              <Typography variant="body2">{`${t('staff.pickup')}: ${o.pickup_date ?? o.date} ${time(o.pickup_time)}`}</Typography>
              <Typography variant="body2">{`${o.from_address} → ${o.to_address}`}</Typography>
              <Typography variant="body2">{`${t('staff.passengers')}: ${o.passengers} · ${t(`payments.${o.payment}`)} · ${o.name}, ${o.email}, ${o.phone}`}</Typography>
              <Chip size="small" label={o.status} />
            </ListItem>
          ))}
        </List>
      </Section>
      <Section title={t('staff.adventures')}>
        {booking.adventure_orders.length === 0 ? <Typography color="text.secondary">{t('staff.noOrders')}</Typography> : null}
        <List dense disablePadding>
          {booking.adventure_orders.map((o) => (
            <ListItem key={o.id} divider sx={{ gap: 2, flexWrap: 'wrap' }} data-testid="adventure-order">
              <Typography sx={{ fontWeight: 500 }}>{t(`adventures.${o.adventure_type}`, { defaultValue: o.adventure_type })}</Typography>
              <Typography variant="body2">{`${o.date} · ${t('fields.guests')}: ${o.guests} · ${o.name}, ${o.email}, ${o.phone}`}</Typography>
              {o.message ? <Typography variant="body2">{o.message}</Typography> : null}
              <Chip size="small" label={o.status} />
            </ListItem>
          ))}
        </List>
      </Section>
    </Stack>
  );
}
