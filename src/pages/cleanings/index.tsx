// /cleanings: the week board for managers and office staff, the phone list for cleaners.
import type { GetStaticProps } from 'next';
import { useTranslation } from 'react-i18next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { PageTitle } from '@/components/PageTitle';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const CleaningsView = lazyView(() => import('@/features/cleanings').then((m) => m.CleaningsView));

const CleaningsPage: NextPageWithLayout = () => {
  const { t } = useTranslation('cleanings');
  return (
    <>
      <PageTitle title={t('pageTitle')} />
      <CleaningsView />
    </>
  );
};
CleaningsPage.getLayout = staffLayout('cleanings');
export default CleaningsPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale, ['cleanings', 'tasks']) });
