// Outdoor adventure order (type, date, guests, a message); confirmed to the guest by e-mail.
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { ADVENTURE_TYPES } from '@/lib/functions/journeyValues';
import { callJourney } from '../api';
import type { JourneyCardProps } from '../cards';
import { SelectField, TextArea, TextField, SubmitStatusLine, useCardSubmit, useGuestForm } from './formKit';
import styles from '../journey.module.css';

/** The contracts (and Yup): loaded when the guest starts the form, not with the card. */
const contracts = () => import('@/lib/functions/journey');

export function AdventureCard({ journeyId, journey, stay, reload }: JourneyCardProps) {
  const { t } = useTranslation('journey');
  const { locale } = useRouter();
  const form = useGuestForm(() => contracts().then((c) => c.adventureSchema), { name: stay.customerName, date: journey.checkin, guests: String(stay.guests) });

  const { status, busy, submit: onSubmit } = useCardSubmit(form, async (values) => callJourney((await contracts()).journeyAdventureFunction, { ...values, journeyId, locale: locale === 'hu' ? 'hu' : 'en' }), () => t('adventure.ordered'), reload);

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
      <p className={styles.muted}>{t('adventure.intro')}</p>
      <SelectField name="adventureType" label={t('fields.adventureType')} form={form} required options={ADVENTURE_TYPES.map((a) => ({ value: a, label: t(`adventures.${a}`) }))} />
      <TextField name="name" label={t('fields.name')} form={form} required autoComplete="name" />
      <div className={styles.row}>
        <TextField name="email" label={t('fields.email')} form={form} type="email" required autoComplete="email" inputMode="email" />
        <TextField name="phone" label={t('fields.phone')} form={form} type="tel" required autoComplete="tel" inputMode="tel" />
      </div>
      <div className={styles.row}>
        <TextField name="date" label={t('fields.date')} form={form} type="date" required />
        <TextField name="guests" label={t('fields.guests')} form={form} type="number" required inputMode="numeric" />
      </div>
      <TextArea name="message" label={t('fields.message')} form={form} />
      <SubmitStatusLine status={status} />
      <button className={styles.button} type="submit" disabled={busy}>
        {busy ? t('form.sending') : t('adventure.submit')}
      </button>
    </form>
  );
}
