// /viza: the VIZA status page (module state per accommodation, guest-data submissions).
import type { GetStaticProps } from 'next';
import { useTranslation } from 'react-i18next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { PageTitle } from '@/components/PageTitle';
import { VizaStatusView } from '@/features/registry/views/VizaStatusView';
import { staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const VizaPage: NextPageWithLayout = () => {
  const { t } = useTranslation('ntak-iranytu');
  return (
    <>
      <PageTitle title={t('viza.title')} />
      <VizaStatusView />
    </>
  );
};
VizaPage.getLayout = staffLayout('viza');
export default VizaPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
