// /bookings: the bookings list (filters, search, paging and sort in the URL; CSV export).
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const BookingListView = lazyView(() => import('@/features/bookings/views/BookingListView').then((m) => m.BookingListView));

const BookingsPage: NextPageWithLayout = () => <BookingListView />;
BookingsPage.getLayout = staffLayout('bookings', { title: 'booking:list.title' });
export default BookingsPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
