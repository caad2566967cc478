// Sets the browser tab title of a page: "<page> · Staydesk", or just the app name.
import Head from 'next/head';
import { useTranslation } from 'next-i18next/pages';

export function PageTitle({ title }: { title?: string }) {
  const { t } = useTranslation('common');
  const appName = t('appName');
  return (
    <Head>
      <title>{title ? `${title} · ${appName}` : appName}</title>
    </Head>
  );
}
