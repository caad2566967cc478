// /viza: the VIZA status page (module state per accommodation, guest-data submissions).
import type { GetStaticProps } from 'next';
import { useTranslation } from 'react-i18next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { PageTitle } from '@/components/PageTitle';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const VizaStatusView = lazyView(() => import('@/features/registry/views/VizaStatusView').then((m) => m.VizaStatusView));

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
