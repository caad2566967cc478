// getServerSideProps of the guest pages: translations only (the journey itself loads in the
// browser from the journey functions). Imported only from getServerSideProps, so it stays server-side.
import type { GetServerSideProps } from 'next';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

export const journeyPageProps: GetServerSideProps = async ({ locale, res }) => {
  // Journey links are personal: never cached by shared caches, never indexed.
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  // inbox: the "Message the host" card's texts.
  return { props: await pageTranslations(locale, ['inbox']) };
};
