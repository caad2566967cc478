// Translations: English (default) and Hungarian, one JSON file per namespace under public/locales.
/** @type {import('next-i18next').UserConfig} */
module.exports = {
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'hu'],
  },
  // No English under Hungarian: every key exists in both languages (src/lib/i18n/locales.test.ts), so
  // a fallback would only send each Hungarian page's strings twice (50 kB more HTML on the route set).
  fallbackLng: false,
  localePath: typeof window === 'undefined' ? require('path').resolve('./public/locales') : '/locales',
  reloadOnPrerender: process.env.NODE_ENV === 'development',
};
