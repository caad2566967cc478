// Shown before the journey opens (5 days before check-in): from which day the guest can check in;
// and once it closed (3 days after check-out): that the page shows the stay no more.
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import type { JourneyView } from '@/lib/functions/journey';
import { formatDay } from '../format';
import styles from '../journey.module.css';

export function NotYetOpen({ journey }: { journey: JourneyView }) {
  const { t } = useTranslation('journey');
  const { locale } = useRouter();
  if (journey.closed)
    return (
      <section className={styles.card} aria-labelledby="closed-title">
        <h2 id="closed-title" className={styles.cardTitle}>{t('closed.title')}</h2>
        <p>{t('closed.body', { checkin: formatDay(journey.checkin, locale), checkout: formatDay(journey.checkout, locale) })}</p>
      </section>
    );
  return (
    <section className={styles.card} aria-labelledby="not-yet-title">
      <h2 id="not-yet-title" className={styles.cardTitle}>{t('notYet.title')}</h2>
      <p>{t('notYet.body', { date: formatDay(journey.opensOn, locale), checkin: formatDay(journey.checkin, locale), checkout: formatDay(journey.checkout, locale) })}</p>
    </section>
  );
}
