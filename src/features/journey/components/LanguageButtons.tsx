// EN / HU switch of the guest pages (the same page in the other language).
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { LOCALES, type Locale } from '@/lib/i18n/namespaces';
import { rememberLocale } from '@/lib/i18n/rememberLocale';
import styles from '../journey.module.css';

export function LanguageButtons() {
  const { t } = useTranslation('common');
  const router = useRouter();
  const current = (router.locale ?? 'en') as Locale;
  const switchTo = (locale: Locale) => {
    if (locale === current) return;
    rememberLocale(locale);
    void router.push({ pathname: router.pathname, query: router.query }, router.asPath, { locale, scroll: false });
  };
  return (
    <div className={styles.languages} role="group" aria-label={t('language.label')}>
      {LOCALES.map((locale) => (
        <button key={locale} type="button" className={styles.language} lang={locale} aria-label={t(`language.${locale}`)} aria-pressed={locale === current} onClick={() => switchTo(locale)}>
          {locale.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
