// Switches the interface between English and Hungarian on the same page, and remembers the choice.
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { LOCALES, type Locale } from '@/lib/i18n/namespaces';
import { rememberLocale } from '@/lib/i18n/rememberLocale';

export function LanguageSwitch({ color = 'standard' }: { color?: 'standard' | 'primary' }) {
  const router = useRouter();
  const { t } = useTranslation('common');
  const current = (router.locale ?? 'en') as Locale;

  const switchTo = (locale: Locale | null) => {
    if (!locale || locale === current) return;
    rememberLocale(locale);
    void router.push({ pathname: router.pathname, query: router.query }, router.asPath, { locale, scroll: false });
  };

  return (
    <ToggleButtonGroup size="small" exclusive value={current} onChange={(_e, value: Locale | null) => switchTo(value)} aria-label={t('language.label')} color={color}>
      {LOCALES.map((locale) => (
        <ToggleButton key={locale} value={locale} aria-label={t(`language.${locale}`)} lang={locale} sx={{ px: 1.25, py: 0.25, color: 'text.secondary' }}>
          {locale.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
