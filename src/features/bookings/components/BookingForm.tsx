// The booking editor's form: customer, dates, channel, booked units (unit, rate, guests, price),
// money and notes, and for manual bookings the quote from the pricing engine. Fields a role may not
// change are shown disabled (the database refuses them anyway).
import { useState } from 'react';
import { FieldArray, Form, Formik, useFormikContext } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DirtyReporter, FormGrid, SelectInput, TextInput } from '@/components/form/fields';
import { submitWith, type SaveResult } from '@/components/form/submit';
import { useFieldMessage } from '@/components/form/useFieldMessage';
import { bookingSchema, guestTotals, nightsBetween, type BookingFormValues, type UnitCapacity } from '@/domain/bookings/bookingForm';
import { BOOKING_CHANNELS, CURRENCIES } from '@/domain/bookings/values';
import type { QuoteResponse } from '@/lib/functions/quote';
import type { BookingCapabilities } from '../capabilities';
import type { BookingUnitOptionFragment } from '../graphql/fragments.generated';
import type { QuoteArgs } from '../hooks/useBookingDetails';

export interface BookingFormProps {
  initialValues: BookingFormValues;
  isNew: boolean;
  can: BookingCapabilities;
  units: readonly BookingUnitOptionFragment[];
  capacities: ReadonlyMap<string, UnitCapacity>;
  onSave: (values: BookingFormValues) => Promise<SaveResult>;
  onQuote: (args: QuoteArgs) => Promise<QuoteResponse>;
  onDirtyChange?: (id: string, dirty: boolean) => void;
}

/**
 * An imported booking without a guest count: staff enter the guests in the booked units (or confirm
 * the count as it is) and save; until then NTAK gets no reservation for it.
 */
function GuestsUnknownNotice({ canConfirm }: { canConfirm: boolean }) {
  const { t } = useTranslation('booking');
  const { setFieldValue } = useFormikContext<BookingFormValues>();
  return (
    <Alert
      severity="warning"
      data-testid="guests-unknown-notice"
      action={
        canConfirm ? (
          <Button color="inherit" size="small" onClick={() => void setFieldValue('guestsUnknown', false)}>
            {t('editor.guestsUnknown.confirm')}
          </Button>
        ) : undefined
      }
    >
      {t(canConfirm ? 'editor.guestsUnknown.notice' : 'editor.guestsUnknown.noticeReadOnly')}
    </Alert>
  );
}

/** A form-level message under a name no single input carries (e.g. `units` from the database). */
function FieldError({ name }: { name: string }) {
  const { error } = useFieldMessage(name);
  return typeof error === 'string' ? (
    <Alert severity="error" role="alert">
      {error}
    </Alert>
  ) : null;
}

function QuotePanel({ onQuote, disabled }: { onQuote: BookingFormProps['onQuote']; disabled: boolean }) {
  const { t, i18n } = useTranslation('booking');
  const { values, setFieldValue } = useFormikContext<BookingFormValues>();
  const [state, setState] = useState<{ busy: boolean; quote: QuoteResponse | null; failed: boolean }>({ busy: false, quote: null, failed: false });
  const first = values.units[0];
  const ready = Boolean(first?.unitId && first.rateId && nightsBetween(values.checkin, values.checkout) > 0);
  const run = async () => {
    if (!first) return;
    setState({ busy: true, quote: null, failed: false });
    try {
      const totals = guestTotals(values.units);
      const quote = await onQuote({ unitId: first.unitId, rateId: first.rateId, checkin: values.checkin, checkout: values.checkout, adults: Math.max(1, totals.adults), children: totals.children, infants: totals.infants, locale: i18n.language === 'hu' ? 'hu' : 'en' });
      setState({ busy: false, quote, failed: false });
    } catch {
      setState({ busy: false, quote: null, failed: true });
    }
  };
  const apply = async (quote: QuoteResponse) => {
    await setFieldValue('currency', quote.currency);
    await setFieldValue('accommodationFee', quote.accommodation);
    await setFieldValue('units.0.price', quote.accommodation);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('quote.title')}>
      <Stack spacing={1}>
        <Typography variant="subtitle1" component="h3">
          {t('quote.title')}
        </Typography>
        {!ready ? <Typography color="text.secondary">{t('quote.needs')}</Typography> : null}
        <div>
          <Button onClick={() => void run()} disabled={!ready || disabled || state.busy}>
            {t('quote.get')}
          </Button>
        </div>
        {state.failed ? <Alert severity="error">{t('quote.failed')}</Alert> : null}
        {state.quote ? (
          <Stack spacing={1} aria-live="polite">
            <Typography>{t('quote.result', { nights: state.quote.nights.length, accommodation: state.quote.accommodation, total: state.quote.total, currency: state.quote.currency })}</Typography>
            {state.quote.reasons.map((reason) => (
              <Alert key={reason.code} severity="warning">
                {reason.message}
              </Alert>
            ))}
            <div>
              <Button variant="outlined" onClick={() => void apply(state.quote as QuoteResponse)} disabled={disabled}>
                {t('quote.apply')}
              </Button>
            </div>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** `disabled`: the unit, rate, price and the set of units; `guestsDisabled`: the guest counts (communicators change only those). */
function UnitRows({ units, disabled, guestsDisabled }: { units: BookingFormProps['units']; disabled: boolean; guestsDisabled: boolean }) {
  const { t } = useTranslation('booking');
  const { values } = useFormikContext<BookingFormValues>();
  const unitLabel = (u: BookingUnitOptionFragment) => `${u.accommodation.name} · ${u.name}`;
  return (
    <FieldArray name="units">
      {({ push, remove }) => (
        <Stack spacing={2} component="section" aria-label={t('fields.units')}>
          <Typography variant="subtitle1" component="h3">
            {t('fields.units')}
          </Typography>
          {values.units.map((row, index) => {
            const option = units.find((u) => u.id === row.unitId);
            return (
              <Paper key={row.id || `new-${index}`} variant="outlined" sx={{ p: 2 }}>
                <FormGrid>
                  <SelectInput name={`units.${index}.unitId`} label={t('fields.unit')} disabled={disabled} options={units.map((u) => ({ value: u.id, label: unitLabel(u) }))} />
                  <SelectInput name={`units.${index}.rateId`} label={t('fields.rate')} disabled={disabled} options={[{ value: '', label: t('fields.noRate') }, ...(option?.rates ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.occupancy}, ${r.currency})` }))]} />
                  <TextInput name={`units.${index}.adults`} type="number" label={t('fields.adults')} disabled={guestsDisabled} helperText={option ? t('fields.capacity', { adults: option.occ_adults, children: option.occ_children, infants: option.occ_infants }) : undefined} />
                  <TextInput name={`units.${index}.children`} type="number" label={t('fields.children')} disabled={guestsDisabled} />
                  <TextInput name={`units.${index}.infants`} type="number" label={t('fields.infants')} disabled={guestsDisabled} />
                  <TextInput name={`units.${index}.price`} type="number" label={t('fields.unitPrice')} disabled={disabled} />
                </FormGrid>
                {values.units.length > 1 && !disabled ? (
                  <Button color="error" onClick={() => remove(index)} sx={{ mt: 1 }}>
                    {t('actions.removeUnit')}
                  </Button>
                ) : null}
              </Paper>
            );
          })}
          {!disabled ? (
            <div>
              <Button onClick={() => push({ id: '', unitId: '', rateId: '', adults: 1, children: 0, infants: 0, price: 0 })}>{t('actions.addUnit')}</Button>
            </div>
          ) : null}
        </Stack>
      )}
    </FieldArray>
  );
}

export function BookingForm({ initialValues, isNew, can, units, capacities, onSave, onQuote, onDirtyChange }: BookingFormProps) {
  const { t } = useTranslation('booking');
  const schema = bookingSchema(capacities);
  const lockBooking = !can.bookingFields;
  const lockGuest = !can.guestFields;
  const readOnly = !can.bookingFields && !can.guestFields && !can.notes;
  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submitWith(schema, onSave)} enableReinitialize>
      {({ isSubmitting, values }) => {
        const totals = guestTotals(values.units);
        const nights = nightsBetween(values.checkin, values.checkout);
        return (
          <Form noValidate aria-label={t('editor.form')}>
            <DirtyReporter id="booking-details" onDirtyChange={onDirtyChange} />
            <Stack spacing={3}>
              <section aria-label={t('fields.customer')}>
                <Typography variant="subtitle1" component="h3" gutterBottom>
                  {t('fields.customer')}
                </Typography>
                <FormGrid>
                  <TextInput name="customerName" label={t('fields.customerName')} disabled={lockGuest} />
                  {can.readsContact ? <TextInput name="customerEmail" label={t('fields.customerEmail')} disabled={lockGuest} /> : null}
                  {can.readsContact ? <TextInput name="customerPhone" label={t('fields.customerPhone')} disabled={lockGuest} /> : null}
                  <TextInput name="customerCountry" label={t('fields.customerCountry')} disabled={lockGuest} />
                  <SelectInput name="language" label={t('fields.language')} disabled={lockGuest} options={[{ value: 'en', label: 'English' }, { value: 'hu', label: 'Magyar' }]} />
                </FormGrid>
              </section>
              <section aria-label={t('fields.stay')}>
                <Typography variant="subtitle1" component="h3" gutterBottom>
                  {t('fields.stay')}
                </Typography>
                <FormGrid>
                  <TextInput name="checkin" type="date" label={t('fields.checkin')} disabled={lockBooking} />
                  <TextInput name="checkout" type="date" label={t('fields.checkout')} disabled={lockBooking} helperText={nights ? t('fields.nights', { count: nights }) : undefined} />
                  <SelectInput name="channel" label={t('fields.channel')} disabled={lockBooking} options={BOOKING_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))} />
                  <TextInput name="otaCode" label={t('fields.otaCode')} disabled={lockBooking} />
                </FormGrid>
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {t('fields.guestTotals', totals)}
                </Typography>
              </section>
              {values.guestsUnknown ? <GuestsUnknownNotice canConfirm={!lockGuest} /> : null}
              <UnitRows units={units} disabled={lockBooking} guestsDisabled={lockGuest} />
              <FieldError name="units" />
              <section aria-label={t('fields.money')}>
                <Typography variant="subtitle1" component="h3" gutterBottom>
                  {t('fields.money')}
                </Typography>
                <FormGrid>
                  <SelectInput name="currency" label={t('fields.currency')} disabled={lockBooking} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
                  <TextInput name="accommodationFee" type="number" label={t('fields.accommodationFee')} disabled={lockBooking} />
                  <TextInput name="cleaningFee" type="number" label={t('fields.cleaningFee')} disabled={lockBooking} />
                </FormGrid>
              </section>
              {can.bookingFields && values.channel === 'direct' ? <QuotePanel onQuote={onQuote} disabled={lockBooking} /> : null}
              <TextInput name="notes" label={t('fields.notes')} multiline disabled={!can.notes} />
              {!readOnly ? (
                <div>
                  <Button type="submit" variant="contained" disabled={isSubmitting}>
                    {isNew ? t('actions.create') : t('actions.save')}
                  </Button>
                </div>
              ) : null}
            </Stack>
          </Form>
        );
      }}
    </Formik>
  );
}
