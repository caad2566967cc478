// The booking editor at /bookings/[id] (or /bookings/new, prefilled from ?unit=&arrival=&departure=):
// the sections of bookingSections.tsx as tabs, routed by ?section=, and the unsaved-changes guard.
import { useCallback, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Link from 'next/link';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { PageTitle } from '@/components/PageTitle';
import { useSessionUser } from '@/features/shell';
import { useLeaveWarning } from '@/lib/hooks/useLeaveWarning';
import { bookingCapabilitiesFor } from '../capabilities';
import { BookingDetailsDocument } from '../graphql/bookingDetails.generated';
import { bookingListUrl, bookingUrl, NEW_BOOKING_ID, newBookingPrefillOf, sectionOf } from '../urls';
import { sectionsFor } from './bookingSections';
import { NewBookingPanel } from './BookingDetailsPanel';

export function BookingEditorView({ id }: { id: string }) {
  const { t } = useTranslation('booking');
  const router = useRouter();
  const { user } = useSessionUser();
  const isNew = id === NEW_BOOKING_ID;
  const sections = sectionsFor(user?.role ?? null);
  const sectionId = sectionOf(router.query.section, sections.map((s) => s.id));
  const section = sections.find((s) => s.id === sectionId) ?? sections[0];
  // The title (customer name); the details section reads the same cached query.
  const details = useQuery(BookingDetailsDocument, { variables: { id }, skip: isNew });
  const booking = details.data?.bookings_by_pk;

  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(new Set());
  const onDirtyChange = useCallback((formId: string, dirty: boolean) => {
    setDirtyForms((current) => {
      if (current.has(formId) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(formId);
      else next.delete(formId);
      return next;
    });
  }, []);
  const allowNavigation = useLeaveWarning(dirtyForms.size > 0, t('editor.unsavedChanges'));

  const onCreated = useCallback(
    (newId: string) => {
      allowNavigation();
      void router.replace(bookingUrl(newId));
    },
    [allowNavigation, router],
  );

  const changeSection = (next: string) => {
    if (next === sectionId) return;
    if (dirtyForms.size > 0 && !window.confirm(t('editor.unsavedChanges'))) return;
    setDirtyForms(new Set());
    void router.replace(bookingUrl(id, next), undefined, { shallow: true });
  };

  const title = isNew ? t('editor.newTitle') : booking ? t('editor.title', { name: booking.customer_name }) : t('editor.loading');
  const Panel = section.Panel;
  return (
    <Stack spacing={2}>
      <PageTitle title={title} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button component={Link} href={bookingListUrl()}>
          {t('editor.back')}
        </Button>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
      </Stack>
      {booking ? (
        <Typography color="text.secondary">
          {t('editor.summary', { accommodation: booking.accommodation.name, checkin: booking.checkin, checkout: booking.checkout, channel: t(`channels.${booking.channel}`) })}
        </Typography>
      ) : null}
      <Tabs value={section.id} onChange={(_, next: string) => changeSection(next)} variant="scrollable" aria-label={title}>
        {sections.map((s) => (
          <Tab key={s.id} value={s.id} label={t(s.labelKey)} disabled={isNew && s.id !== 'details'} />
        ))}
      </Tabs>
      <Paper sx={{ p: 2 }} role="tabpanel" aria-label={t(section.labelKey)}>
        {isNew && !bookingCapabilitiesFor(user?.role ?? null).create ? (
          <Alert severity="info">{t('editor.cannotCreate')}</Alert>
        ) : isNew ? (
          <NewBookingPanel prefill={newBookingPrefillOf(router.query)} onCreated={onCreated} onDirtyChange={onDirtyChange} />
        ) : (
          <Panel bookingId={id} onDirtyChange={onDirtyChange} />
        )}
      </Paper>
    </Stack>
  );
}
