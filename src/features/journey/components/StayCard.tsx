// The stay at a glance: dates and times, the address with map and directions links, house rules,
// who has checked in, and the fact sheet items guests may read (Wi-Fi...) once checked in.
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import type { JourneyCardProps } from '../cards';
import { formatDay } from '../format';
import styles from '../journey.module.css';

export function StayCard({ journey, stay }: JourneyCardProps) {
  const { t } = useTranslation('journey');
  const { locale } = useRouter();
  return (
    <>
      <dl className={styles.facts}>
        <dt>{t('stay.guestName')}</dt>
        <dd>{stay.customerName}</dd>
        <dt>{t('stay.checkin')}</dt>
        <dd>{t('stay.dayFrom', { day: formatDay(journey.checkin, locale), time: stay.checkinTime })}</dd>
        <dt>{t('stay.checkout')}</dt>
        <dd>{t('stay.dayUntil', { day: formatDay(journey.checkout, locale), time: stay.checkoutTime })}</dd>
        <dt>{t('stay.guests')}</dt>
        <dd>{stay.guests}</dd>
        <dt>{t('stay.address')}</dt>
        <dd>{`${stay.address}, ${stay.zip} ${stay.city}`}</dd>
      </dl>
      <p className={styles.links}>
        <a href={stay.mapUrl} target="_blank" rel="noopener noreferrer">
          {t('stay.map')}
        </a>
        <a href={stay.directionsUrl} target="_blank" rel="noopener noreferrer">
          {t('stay.directionsLink')}
        </a>
      </p>
      {stay.directions ? (
        <>
          <h3 className={styles.subTitle}>{t('stay.directions')}</h3>
          <p className={styles.muted}>{stay.directions}</p>
        </>
      ) : null}
      {stay.houseRules ? (
        <>
          <h3 className={styles.subTitle}>{t('stay.houseRules')}</h3>
          <p className={styles.muted}>{stay.houseRules}</p>
        </>
      ) : null}
      <h3 className={styles.subTitle}>{t('stay.checkedIn')}</h3>
      {stay.units.map((unit) => (
        <div key={unit.id}>
          <p className={styles.muted}>{t('stay.unitGuests', { unit: unit.name, count: unit.guests.length, capacity: unit.capacity })}</p>
          {unit.guests.length > 0 ? (
            <ul className={styles.guestList}>
              {unit.guests.map((g) => (
                <li key={g.id}>{`${g.firstName} ${g.lastName}`}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
      <h3 className={styles.subTitle}>{t('stay.facts')}</h3>
      {stay.facts.length > 0 ? (
        <dl className={styles.facts}>
          {stay.facts.map((f) => (
            <div key={f.slug} style={{ display: 'contents' }}>
              <dt>{f.name}</dt>
              <dd>{f.type === 'url' && /^https?:\/\//.test(f.value) ? <a href={f.value}>{f.value}</a> : f.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className={styles.muted}>{t('stay.factsAfterCheckin')}</p>
      )}
    </>
  );
}
