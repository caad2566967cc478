// /ntak: the NTAK reporting dashboard (queue per accommodation, failures, re-send, daily close per day).
import type { GetStaticProps } from 'next';
import { useTranslation } from 'react-i18next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { PageTitle } from '@/components/PageTitle';
import { NtakDashboardView } from '@/features/registry/views/NtakDashboardView';
import { staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const NtakPage: NextPageWithLayout = () => {
  const { t } = useTranslation('ntak-iranytu');
  return (
    <>
      <PageTitle title={t('dashboard.title')} />
      <NtakDashboardView />
    </>
  );
};
NtakPage.getLayout = staffLayout('ntak');
export default NtakPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
