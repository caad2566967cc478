// Server-side translations for a page's getStaticProps/getServerSideProps: the shared route
// namespaces plus the page's own. Import it only from those functions so it stays out of the
// browser bundle.
import type { SSRConfig } from 'next-i18next/pages';
import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import { DEFAULT_LOCALE, LIGHT_NAMESPACES, routeNamespaces, type Namespace } from './namespaces';

export function pageTranslations(locale: string | undefined, extra: readonly Namespace[] = []): Promise<SSRConfig> {
  return serverSideTranslations(locale ?? DEFAULT_LOCALE, routeNamespaces(extra));
}

/** The account screens' and error pages' translations (LIGHT_NAMESPACES), not the areas' route set. */
export function lightPageTranslations(locale: string | undefined): Promise<SSRConfig> {
  return serverSideTranslations(locale ?? DEFAULT_LOCALE, [...LIGHT_NAMESPACES]);
}
