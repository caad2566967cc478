// Invoice details for the stay (name, country, zip, city, address, optional tax id), kept for the
// booking so the invoice can be made out to them; sending again replaces them.
import { useTranslation } from 'next-i18next/pages';
import { callJourney } from '../api';
import type { JourneyCardProps } from '../cards';
import { CountryField, useCountryLists } from './CountryField';
import { TextField, SubmitStatusLine, useCardSubmit, useGuestForm } from './formKit';
import styles from '../journey.module.css';

/** The contracts (and Yup): loaded when the guest starts the form, not with the card. */
const contracts = () => import('@/lib/functions/journey');

export function InvoiceCard({ journeyId, stay, reload }: JourneyCardProps) {
  const { t } = useTranslation('journey');
  const countries = useCountryLists();
  const saved = stay.invoice;
  const form = useGuestForm(() => contracts().then((c) => c.invoiceSchema), { name: saved?.name ?? stay.customerName, country: saved?.country ?? '', zip: saved?.zip ?? '', city: saved?.city ?? '', address: saved?.address ?? '', taxId: saved?.taxId ?? '' });

  const { status, busy, submit: onSubmit } = useCardSubmit(form, async (values) => callJourney((await contracts()).journeyInvoiceFunction, { ...values, journeyId }), () => t('invoice.saved'), reload);

  return (
    <form
      method="post"
      className={styles.form}
      noValidate
      onFocus={countries.buildSoon}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <p className={styles.muted}>{t('invoice.intro')}</p>
      <TextField name="name" label={t('fields.invoiceName')} form={form} required autoComplete="name" />
      <CountryField name="country" label={t('fields.country')} form={form} required lists={countries} />
      <div className={styles.row}>
        <TextField name="zip" label={t('fields.zip')} form={form} required autoComplete="postal-code" />
        <TextField name="city" label={t('fields.city')} form={form} required autoComplete="address-level2" />
      </div>
      <TextField name="address" label={t('fields.address')} form={form} required autoComplete="street-address" />
      <TextField name="taxId" label={t('fields.taxId')} form={form} />
      <SubmitStatusLine status={status} />
      <button className={styles.button} type="submit" disabled={busy}>
        {busy ? t('form.sending') : t('invoice.submit')}
      </button>
    </form>
  );
}
