// What a visitor who is not signed in sees at the root: what Staydesk is and the way in.
// Plain HTML and a CSS module (no MUI, no session client) so it loads fast on a phone.
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { PageTitle } from '@/components/PageTitle';
import { LOCALES, type Locale } from '@/lib/i18n/namespaces';
import { rememberLocale } from '@/lib/i18n/rememberLocale';
import styles from './Landing.module.css';

export function Landing() {
  const { t } = useTranslation('common');
  const router = useRouter();
  const current = (router.locale ?? 'en') as Locale;
  const switchTo = (locale: Locale) => {
    if (locale === current) return;
    rememberLocale(locale);
    void router.push({ pathname: router.pathname, query: router.query }, router.asPath, { locale, scroll: false });
  };
  return (
    <main className={`${styles.page} sd-landing`}>
      <PageTitle />
      <div className={styles.languages} role="group" aria-label={t('language.label')}>
        {LOCALES.map((locale) => (
          <button key={locale} type="button" className={styles.language} lang={locale} aria-label={t(`language.${locale}`)} aria-pressed={locale === current} onClick={() => switchTo(locale)}>
            {locale.toUpperCase()}
          </button>
        ))}
      </div>
      <h1 className={styles.title}>{t('appName')}</h1>
      <p className={styles.tagline}>{t('tagline')}</p>
      <p className={styles.intro}>{t('landing.intro')}</p>
      {/* No viewport prefetch: Next would download and run the sign-in pages' whole stack (MUI,
          Apollo, Nhost) while a phone is still loading this page. Hover or touch still prefetches. */}
      <div className={styles.actions}>
        <NextLink className={styles.primary} href="/sign-in" prefetch={false}>
          {t('actions.signIn')}
        </NextLink>
        <NextLink className={styles.secondary} href="/sign-up" prefetch={false}>
          {t('actions.signUp')}
        </NextLink>
      </div>
    </main>
  );
}
