// For guests who lost their link: the booking's e-mail address or OTA code plus the check-in date
// lead to the journey page. The server answers only a match (and limits attempts per address).
import { useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { callJourney, NETWORK_FAILURE, type JourneyResult } from '../api';
import { journeyUrl, type JourneyBase } from '../urls';
import { TextField, useGuestForm } from './formKit';
import styles from '../journey.module.css';

/** The contracts (and Yup): loaded when the guest starts the form, not with the page. */
const contracts = () => import('@/lib/functions/journey');

export function FindBookingForm({ base }: { base: JourneyBase }) {
  const { t } = useTranslation('journey');
  const router = useRouter();
  const form = useGuestForm(() => contracts().then((c) => c.journeyFindFunction.request), {});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async () => {
    setError(null);
    setBusy(true);
    let result: JourneyResult<{ journeyId: string }> | undefined;
    try {
      const values = await form.validate();
      if (values) result = await callJourney((await contracts()).journeyFindFunction, values);
    } catch {
      result = NETWORK_FAILURE;
    }
    setBusy(false);
    if (!result) return;
    if (!result.ok) return setError(t(result.error.messageKey.replace(/^journey:/, '')));
    await router.push(journeyUrl(result.value.journeyId, base));
  };

  return (
    <section className={styles.card} aria-labelledby="find-title">
      <h2 id="find-title" className={styles.cardTitle}>{t('find.title')}</h2>
      <form
        method="post"
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        <p className={styles.muted}>{t('find.intro')}</p>
        <TextField name="query" label={t('find.query')} form={form} required autoComplete="email" />
        <TextField name="checkin" label={t('find.checkin')} form={form} type="date" required />
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <button className={styles.button} type="submit" disabled={busy}>
          {t('find.submit')}
        </button>
      </form>
    </section>
  );
}
