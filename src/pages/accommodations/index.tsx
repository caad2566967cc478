// /accommodations: the accommodation table view.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const AccommodationListView = lazyView(() => import('@/features/accommodations/views/AccommodationListView').then((m) => m.AccommodationListView));

const AccommodationsPage: NextPageWithLayout = () => <AccommodationListView />;
// No area guard: owners reach their own accommodations here; the database filters the rows.
AccommodationsPage.getLayout = staffLayout(undefined, { heading: 'accommodation:list.title' });
export default AccommodationsPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale, ['rate']) });
