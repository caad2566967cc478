// /ntak: the NTAK reporting dashboard (queue per accommodation, failures, re-send, daily close per day).
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const NtakDashboardView = lazyView(() => import('@/features/registry/views/NtakDashboardView').then((m) => m.NtakDashboardView));

const NtakPage: NextPageWithLayout = () => <NtakDashboardView />;
NtakPage.getLayout = staffLayout('ntak', { title: 'ntak-iranytu:dashboard.title' });
export default NtakPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
