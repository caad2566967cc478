// Linking a conversation to its booking by hand (an e-mail the inbound endpoint could not match):
// search and pick a booking, link; or unlink the linked one. Renders props, calls callbacks; the
// refusal it shows (one booking per thread, one thread per booking) comes back from the callback.
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SearchPicker, type SearchOptions } from '@/components/SearchPicker';
import type { SaveResult } from '@/components/form/submit';
import type { BookingRow } from '../types';

export interface ThreadBookingLinkProps {
  /** The booking the conversation is linked to now (none or one). */
  bookings: readonly BookingRow[];
  search: SearchOptions;
  onLink: (bookingId: string) => Promise<SaveResult>;
  onUnlink: (booking: BookingRow) => Promise<SaveResult>;
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

export function ThreadBookingLink({ bookings, search, onLink, onUnlink }: ThreadBookingLinkProps) {
  const { t } = useTranslation('inbox');
  if (bookings.length) {
    return (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {bookings.map((b) => (
          <Button key={b.id} size="small" color="warning" variant="outlined" aria-label={t('link.unlinkLabel', { name: b.customer_name })} onClick={() => void onUnlink(b)}>
            {t('link.unlink')}
          </Button>
        ))}
      </Stack>
    );
  }
  return (
    <Formik<{ bookingId: string | null }>
      initialValues={{ bookingId: null }}
      onSubmit={async (values, helpers) => {
        if (!values.bookingId) {
          helpers.setFieldError('bookingId', 'inbox:link.errors.chooseBooking');
          return;
        }
        const result = await onLink(values.bookingId);
        if (result && result !== 'failed') helpers.setFieldError('bookingId', result.messageKey);
        else if (result === null) helpers.resetForm();
      }}
    >
      {({ errors, isSubmitting }) => (
        <Stack component={Form} spacing={1} aria-label={t('link.title')} noValidate>
          <Typography variant="body2" color="text.secondary">{t('link.unlinked')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <Stack sx={{ flex: 1, minWidth: 0 }}>
              <SearchPicker name="bookingId" label={t('link.booking')} search={search} knownNames={NO_NAMES} />
            </Stack>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {t('link.link')}
            </Button>
          </Stack>
          {errors.bookingId && <Alert severity="error">{t(errors.bookingId)}</Alert>}
        </Stack>
      )}
    </Formik>
  );
}
