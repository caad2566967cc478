// /viza: the VIZA status page (module state per accommodation, guest-data submissions).
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const VizaStatusView = lazyView(() => import('@/features/registry/views/VizaStatusView').then((m) => m.VizaStatusView));

const VizaPage: NextPageWithLayout = () => <VizaStatusView />;
VizaPage.getLayout = staffLayout('viza', { title: 'ntak-iranytu:viza.title' });
export default VizaPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
