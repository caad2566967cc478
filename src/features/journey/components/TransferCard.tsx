// Airport transfer order: to or from the airport; for a departing flight the driver comes 3 hours
// before take-off (the server computes the pickup and e-mails the confirmation).
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { transferPickup } from '@/domain/journey/rules';
import { PAYMENTS } from '@/lib/functions/journeyValues';
import { callJourney } from '../api';
import type { JourneyCardProps } from '../cards';
import { formatDay } from '../format';
import { SelectField, TextField, SubmitStatusLine, useCardSubmit, useGuestForm } from './formKit';
import styles from '../journey.module.css';

/** The contracts (and Yup): loaded when the guest starts the form, not with the card. */
const contracts = () => import('@/lib/functions/journey');

const AIRPORT = 'Budapest Liszt Ferenc International Airport (BUD)';

export function TransferCard({ journeyId, journey, stay, reload }: JourneyCardProps) {
  const { t } = useTranslation('journey');
  const { locale } = useRouter();
  const lodging = `${stay.address}, ${stay.zip} ${stay.city}`;
  const form = useGuestForm(() => contracts().then((c) => c.transferSchema), { name: stay.customerName, direction: 'departure', date: journey.checkout, fromAddress: lodging, toAddress: AIRPORT, payment: 'cash', passengers: String(stay.guests) });
  const { direction, date, flightTime } = form.values;
  let pickup: { date: string; time: string } | undefined;
  try {
    pickup = (direction === 'arrival' || direction === 'departure') && date && flightTime ? transferPickup(direction, date, flightTime) : undefined;
  } catch {
    pickup = undefined;
  }

  const setDirection = (value: string) => {
    form.set('direction', value);
    const toAirport = value === 'departure';
    form.setValues((v) => ({ ...v, direction: value, date: toAirport ? journey.checkout : journey.checkin, fromAddress: toAirport ? lodging : AIRPORT, toAddress: toAirport ? AIRPORT : lodging }));
  };

  const { status, busy, submit: onSubmit } = useCardSubmit(form, async (values) => callJourney((await contracts()).journeyTransferFunction, { ...values, journeyId, locale: locale === 'hu' ? 'hu' : 'en' }), (value) => t('transfer.ordered', { date: formatDay(value.pickupDate, locale), time: value.pickupTime }), reload);

  return (
    <form
      method="post"
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <p className={styles.muted}>{t('transfer.intro')}</p>
      <label className={styles.field} htmlFor="f-direction">
        <span>{t('fields.direction')}</span>
        <select id="f-direction" value={direction} onChange={(e) => setDirection(e.target.value)}>
          <option value="arrival">{t('transfer.arrival')}</option>
          <option value="departure">{t('transfer.departure')}</option>
        </select>
      </label>
      <TextField name="name" label={t('fields.name')} form={form} required autoComplete="name" />
      <div className={styles.row}>
        <TextField name="email" label={t('fields.email')} form={form} type="email" required autoComplete="email" inputMode="email" />
        <TextField name="phone" label={t('fields.phone')} form={form} type="tel" required autoComplete="tel" inputMode="tel" />
      </div>
      <div className={styles.row}>
        <TextField name="flightNumber" label={t('fields.flightNumber')} form={form} required />
        <TextField name="date" label={t('fields.flightDate')} form={form} type="date" required />
      </div>
      <div className={styles.row}>
        <TextField name="flightTime" label={direction === 'arrival' ? t('fields.landingTime') : t('fields.departureFlightTime')} form={form} type="time" required />
        <TextField name="passengers" label={t('fields.passengers')} form={form} type="number" required inputMode="numeric" />
      </div>
      {pickup ? <p className={styles.muted}>{t('transfer.pickupAt', { date: formatDay(pickup.date, locale), time: pickup.time })}</p> : null}
      <TextField name="fromAddress" label={t('fields.fromAddress')} form={form} required />
      <TextField name="toAddress" label={t('fields.toAddress')} form={form} required />
      <SelectField name="payment" label={t('fields.payment')} form={form} required options={PAYMENTS.map((p) => ({ value: p, label: t(`payments.${p}`) }))} />
      <SubmitStatusLine status={status} />
      <button className={styles.button} type="submit" disabled={busy}>
        {busy ? t('form.sending') : t('transfer.submit')}
      </button>
    </form>
  );
}
