// /bookings/sync: iCal calendar sync per unit (export URL, channel imports and their state).
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const IcalSyncView = lazyView(() => import('@/features/bookings/views/IcalSyncView').then((m) => m.IcalSyncView));

const BookingSyncPage: NextPageWithLayout = () => <IcalSyncView />;
BookingSyncPage.getLayout = staffLayout('bookings', { title: 'booking:ical.title' });
export default BookingSyncPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
