// /cleanings: the week board for managers and office staff, the phone list for cleaners.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const CleaningsView = lazyView(() => import('@/features/cleanings').then((m) => m.CleaningsView));

const CleaningsPage: NextPageWithLayout = () => <CleaningsView />;
CleaningsPage.getLayout = staffLayout('cleanings', { title: 'cleanings:pageTitle' });
export default CleaningsPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale, ['cleanings', 'tasks']) });
