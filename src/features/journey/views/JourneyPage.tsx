// The guest journey page: the stay, then its cards (check-in, invoice, transfer, adventure and
// whatever other areas add), or one card when the URL names it. Lean: plain React and a CSS
// module, no MUI, Apollo or Nhost client; data comes from the journey functions.
import dynamic from 'next/dynamic';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { PageTitle } from '@/components/PageTitle';
import { JOURNEY_CARDS, journeyCard } from '../cards';
import { LanguageButtons } from '../components/LanguageButtons';
import { NotYetOpen } from '../components/NotYetOpen';
import { rememberDays } from '../format';
import type { InitialJourney } from '../serverJourney';
import { useJourney } from '../useJourney';
import { journeyCardUrl, journeyUrl, type JourneyBase } from '../urls';
import styles from '../journey.module.css';

// Only shown when a link is wrong: loaded then (it brings the form kit).
const FindBookingForm = dynamic(() => import('../components/FindBookingForm').then((m) => m.FindBookingForm), { loading: () => null });

export function JourneyPage({ base, card, initial }: { base: JourneyBase; card?: string; initial?: InitialJourney }) {
  const { t } = useTranslation('journey');
  const router = useRouter();
  const journeyId = typeof router.query.id === 'string' ? router.query.id : undefined;
  const { state, reload } = useJourney(journeyId, initial);
  // Before the cards render: they print these days without making an Intl formatter.
  if (initial && 'journey' in initial && initial.days) rememberDays(router.locale, initial.days);
  const selected = card ? journeyCard(card) : undefined;

  let body;
  if (!journeyId || state.status === 'loading') body = <p className={styles.muted} role="status">{t('loading')}</p>;
  else if (state.status === 'failed')
    body =
      state.error.status === 404 || state.error.status === 400 ? (
        <>
          <p className={styles.error} role="alert">{t(state.error.status === 400 ? 'errors.invalidUrl' : 'errors.notFound')}</p>
          <FindBookingForm base={base} />
        </>
      ) : (
        <p className={styles.error} role="alert">{t(state.error.messageKey.replace(/^journey:/, ''))}</p>
      );
  else if (!state.journey.open || !state.journey.stay) body = <NotYetOpen journey={state.journey} />;
  else if (card && !selected) body = <p className={styles.error} role="alert">{t('errors.unknownCard')}</p>;
  else if (selected) {
    const Card = selected.Component;
    body = (
      <>
        {/* No prefetch: Next prefetches a link as it comes into view, in a commit of the card's
            hydration (the route resolved, the journey page's module loaded and run: main-thread work
            while the card starts on a phone, docs/performance.md), and the way back needs the
            journey's server data anyway. Every link of the guest pages loads on the press. */}
        <NextLink className={styles.back} href={journeyUrl(journeyId, base)} prefetch={false}>
          {t('back')}
        </NextLink>
        <section className={styles.card} aria-labelledby="card-title">
          <h2 id="card-title" className={styles.cardTitle}>{t(selected.titleKey)}</h2>
          <Card journeyId={journeyId} journey={state.journey} stay={state.journey.stay} reload={reload} />
        </section>
      </>
    );
  } else {
    const stay = state.journey.stay;
    const [summary, ...others] = JOURNEY_CARDS;
    const Summary = summary.Component;
    body = (
      <>
        <section className={styles.card} aria-labelledby="stay-title">
          <h2 id="stay-title" className={styles.cardTitle}>{t(summary.titleKey)}</h2>
          <Summary journeyId={journeyId} journey={state.journey} stay={stay} reload={reload} />
        </section>
        <nav aria-label={t('cardsLabel')}>
          <ul className={styles.tiles}>
            {others.map((c) => (
              <li key={c.id}>
                <NextLink className={styles.tile} href={journeyCardUrl(journeyId, c.id, base)} prefetch={false}>
                  <span className={styles.tileTitle}>
                    {t(c.titleKey)}
                    {c.done?.(stay) ? <span className={styles.done}> ✓ {t('done')}</span> : null}
                  </span>
                  <span className={styles.muted}>{t(c.descriptionKey)}</span>
                </NextLink>
              </li>
            ))}
          </ul>
        </nav>
      </>
    );
  }

  const name = state.status === 'ready' ? state.journey.accommodationName : undefined;
  return (
    <main className={styles.page}>
      <PageTitle title={name ? t('titleWithPlace', { name }) : t('title')} />
      <header className={styles.header}>
        <h1 className={styles.title}>{name ?? t('title')}</h1>
        <LanguageButtons />
      </header>
      {body}
    </main>
  );
}
