// getServerSideProps of the guest pages: translations and, on a journey's pages, the journey itself
// (serverJourney.ts), so the first HTML shows the stay. Imported only from getServerSideProps, so it
// stays server-side.
import type { GetServerSideProps } from 'next';
import { pageTranslations } from '@/lib/i18n/pageTranslations';
import { loadInitialJourney, withDays, type InitialJourney } from './serverJourney';

export interface JourneyPageProps {
  /** The journey loaded on the server, its 404/400, or null: the browser loads it. */
  initial: InitialJourney;
}

export const journeyPageProps: GetServerSideProps<JourneyPageProps> = async ({ locale, res, req, params }) => {
  // Journey links are personal bearer links: never cached by shared caches or the browser's
  // back/forward store, never indexed, never sent on as a Referer.
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  res.setHeader('Referrer-Policy', 'no-referrer');
  const id = typeof params?.id === 'string' ? params.id : undefined;
  // inbox: the "Message the host" card's texts.
  const [translations, initial] = await Promise.all([pageTranslations(locale, ['inbox']), id ? loadInitialJourney(id, req) : Promise.resolve(null)]);
  return { props: { ...translations, initial: withDays(initial, locale) } };
};
