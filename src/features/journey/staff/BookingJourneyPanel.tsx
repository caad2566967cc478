// The booking editor's "Guests & check-in / invoice / orders" section: the guests checked in per
// unit (from the journey page or its document scan), the invoice details and the transfer and
// adventure orders, with the guest's journey link to send. Staff who receive guests (admin,
// member, communicator, and a property manager for the accommodations they manage) also check a
// guest in from the document at the desk and record a departure; each sends the NTAK and VIZA
// messages through the database's event trigger. They correct a check-in NTAK or VIZA refused
// (opened from /ntak's or /viza's link with the refused field marked) and saving re-sends it.
import { useEffect, useState } from 'react';
import { useRouter } from 'next/router';
import { useNhostClient } from '@nhost/nextjs';
import { useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { budapestInstant } from '@/domain/dates';
import { constraintName } from '@/domain/uniqueness';
import type { BookingSectionProps } from '@/features/bookings/views/bookingSections';
import { useSessionUser } from '@/features/shell/useSessionUser';
import type { GuestForm } from '@/lib/functions/journey';
import { BookingJourneyDocument } from '../graphql/bookingJourney.generated';
import { InsertStaffCheckinDocument } from '../graphql/insertStaffCheckin.generated';
import { RecordGuestCheckoutDocument } from '../graphql/recordGuestCheckout.generated';
import { UpdateStaffCheckinDocument } from '../graphql/updateStaffCheckin.generated';
import { guestFixOf, journeyUrl } from '../urls';
import { correctionSet, formValuesOf, guestColumns, resendRefused } from './checkinCorrection';
import { StaffCheckinForm } from './StaffCheckinForm';

/** Roles that may write guest check-ins (nhost/metadata: guest_checkins insert and update; managers their accommodations'). */
const RECEPTION_ROLES: readonly string[] = ['admin', 'member', 'communicator', 'manager'];

/** The database's refusal of a staff check-in as the journey's message for it. */
function refusal(error: unknown): string {
  const errors = (error as { errors?: { message: string; extensions?: Record<string, unknown> }[] } | null)?.errors ?? [];
  const messages = errors.map((e) => e.message).join(' ');
  const names = errors.map((e) => constraintName(e));
  if (/guest_checkins_booking_unit_id_document_id_key/.test(messages)) return 'journey:errors.alreadyCheckedIn';
  if (/capacity/.test(messages)) return 'journey:errors.capacity';
  if (/before the guest arrived/.test(messages)) return 'journey:staff.arrivalAfterDeparture';
  if (names.some((n) => n === 'guest_checkins_nationality_ntak_check' || n === 'guest_checkins_country_ntak_check')) return 'journey:validation.country';
  return 'journey:errors.checkinFailed';
}

/** What the form holds as the row's columns; times are the stay's days in Budapest. */
function checkinRow(unit: { id: string; checkin: string; checkout: string }, g: GuestForm) {
  return {
    booking_unit_id: unit.id, ...guestColumns(g),
    checkin_time: budapestInstant(unit.checkin, g.arrivalTime), checkout_time: budapestInstant(unit.checkout, g.departureTime),
  };
}

const time = (value: string | null) => (value ? value.slice(0, 5) : '');
/** A moment in Budapest, written the way the reader's language writes dates. */
const stamp = (value: string, language: string) =>
  new Date(value).toLocaleString(language === 'hu' ? 'hu-HU' : 'en-GB', { timeZone: 'Europe/Budapest', dateStyle: 'medium', timeStyle: 'short' });

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
  const { t, i18n } = useTranslation('journey');
  const q = useQuery(BookingJourneyDocument, { variables: { bookingId }, fetchPolicy: 'cache-and-network' });
  const { user } = useSessionUser();
  const reception = Boolean(user?.role && RECEPTION_ROLES.includes(user.role));
  const [insertCheckin] = useMutation(InsertStaffCheckinDocument);
  const [recordCheckout] = useMutation(RecordGuestCheckoutDocument);
  const [updateCheckin] = useMutation(UpdateStaffCheckinDocument);
  const nhost = useNhostClient();
  const router = useRouter();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ id: string; refusedField: string | null } | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error' | 'warning'; text: string } | null>(null);
  const [busyGuest, setBusyGuest] = useState<string | null>(null);
  const booking = q.data?.bookings_by_pk;
  // Arriving from an NTAK/VIZA field error: open that guest's check-in with the field marked, once.
  const fix = guestFixOf(router.query);
  const fixable = Boolean(reception && fix.guestId && booking?.booked_units.some((u) => u.guest_checkins.some((g) => g.id === fix.guestId)));
  const [fixOpened, setFixOpened] = useState<string | null>(null);
  useEffect(() => {
    if (!fixable || !fix.guestId || fixOpened === fix.guestId) return;
    setFixOpened(fix.guestId);
    setAdding(false);
    setEditing({ id: fix.guestId, refusedField: fix.field });
  }, [fixable, fix.guestId, fix.field, fixOpened]);
  if (q.error) return <Alert severity="error">{t('staff.loadFailed')}</Alert>;
  if (!booking) return <Typography color="text.secondary">{t('loading')}</Typography>;
  const link = typeof window === 'undefined' ? journeyUrl(booking.journey_id) : `${window.location.origin}${journeyUrl(booking.journey_id)}`;
  const guests = booking.booked_units.flatMap((u) => u.guest_checkins.map((g) => ({ ...g, unit: u.unit.name })));
  const openUnits = booking.booked_units.filter((u) => !u.is_cancelled);
  const edited = booking.booked_units.flatMap((unit) => unit.guest_checkins.filter((g) => g.id === editing?.id).map((guest) => ({ unit, guest })))[0];
  const checkIn = async (bookedUnitId: string, guest: GuestForm): Promise<string | null> => {
    const unit = openUnits.find((u) => u.id === bookedUnitId);
    if (!unit) return 'journey:errors.unknownUnit';
    try {
      await insertCheckin({ variables: { object: checkinRow(unit, guest) } });
    } catch (e) {
      return refusal(e);
    }
    setAdding(false);
    setNotice({ severity: 'success', text: t('staff.checkinSaved', { name: `${guest.firstName} ${guest.lastName}` }) });
    await q.refetch();
    return null;
  };
  const correct = async (guestId: string, guest: GuestForm): Promise<string | null> => {
    const found = booking.booked_units.flatMap((u) => u.guest_checkins).find((g) => g.id === guestId);
    if (!found) return 'journey:errors.checkinFailed';
    try {
      const saved = await updateCheckin({ variables: { id: guestId, set: correctionSet(found, guest) } });
      if (!saved.data?.update_guest_checkins_by_pk) return 'journey:errors.checkinFailed';
    } catch (e) {
      return refusal(e);
    }
    setEditing(null);
    const name = `${guest.firstName} ${guest.lastName}`;
    const refused = found.registry_submissions.map((r) => r.id);
    if (refused.length === 0) setNotice({ severity: 'success', text: t('staff.correctionSaved', { name }) });
    else {
      setNotice({ severity: 'success', text: t('staff.correctionResending', { name }) });
      const out = await resendRefused(nhost, refused);
      if (out.refused.length) setNotice({ severity: 'warning', text: t('staff.correctionStillRefused', { name, reason: out.refused.join('; ') }) });
      else if (out.queued) setNotice({ severity: 'success', text: t('staff.correctionQueued', { name }) });
      else setNotice({ severity: 'success', text: t('staff.correctionAccepted', { name, count: out.accepted }) });
    }
    await q.refetch();
    return null;
  };
  const checkOut = async (id: string, name: string) => {
    setBusyGuest(id);
    setNotice(null);
    try {
      await recordCheckout({ variables: { id, at: new Date().toISOString() } });
      setNotice({ severity: 'success', text: t('staff.checkoutSaved', { name }) });
      await q.refetch();
    } catch {
      setNotice({ severity: 'error', text: t('staff.checkoutFailed') });
    } finally {
      setBusyGuest(null);
    }
  };
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
                <Typography variant="body2">{`${stamp(g.checkin_time, i18n.language)} – ${stamp(g.checkout_time, i18n.language)}`}</Typography>
                {g.scanned ? <Chip size="small" label={t('staff.scanned')} /> : null}
                {g.registry_submissions.length ? (
                  <Chip size="small" color="error" data-testid="registry-refused" label={t('staff.registryRefused', { services: [...new Set(g.registry_submissions.map((r) => r.service.toUpperCase()))].join(', ') })} />
                ) : null}
                {reception && editing?.id !== g.id ? (
                  <Button size="small" onClick={() => (setEditing({ id: g.id, refusedField: null }), setAdding(false), setNotice(null))}>
                    {t('staff.correct')}
                  </Button>
                ) : null}
                {g.checked_out_at ? (
                  <Typography variant="body2" data-testid="checked-out">{t('staff.checkedOut', { time: stamp(g.checked_out_at, i18n.language) })}</Typography>
                ) : reception ? (
                  <Button size="small" variant="outlined" disabled={busyGuest === g.id} onClick={() => void checkOut(g.id, `${g.first_name} ${g.last_name}`)}>
                    {t('staff.recordCheckout')}
                  </Button>
                ) : null}
              </ListItem>
            ))}
          </List>
        )}
        {notice ? (
          <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </Alert>
        ) : null}
        {reception && edited ? (
          <StaffCheckinForm
            key={`${edited.guest.id}-${editing?.refusedField ?? ''}`}
            units={[{ id: edited.unit.id, name: edited.unit.unit.name, guests: edited.unit.guest_checkins.length, capacity: edited.unit.adults + edited.unit.children + edited.unit.infants }]}
            initial={formValuesOf(edited.guest, edited.unit.id)}
            refusedField={editing?.refusedField}
            onSubmit={(_unit, guest) => correct(edited.guest.id, guest)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
        {reception && !adding && !edited && openUnits.some((u) => u.guest_checkins.length < u.adults + u.children + u.infants) ? (
          <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => (setAdding(true), setEditing(null), setNotice(null))}>
            {t('staff.checkinGuest')}
          </Button>
        ) : null}
        {reception && adding && !edited ? (
          <StaffCheckinForm
            units={openUnits.map((u) => ({ id: u.id, name: u.unit.name, guests: u.guest_checkins.length, capacity: u.adults + u.children + u.infants }))}
            onSubmit={checkIn}
            onCancel={() => setAdding(false)}
          />
        ) : null}
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
