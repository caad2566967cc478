// /bookings/[id]: the booking editor (`new` creates one, prefilled from ?unit=&arrival=&departure=).
import type { GetServerSideProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { sectionNamespaces } from '@/features/bookings/views/bookingSections';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const BookingEditorView = lazyView(() => import('@/features/bookings/views/BookingEditorView').then((m) => m.BookingEditorView));

interface Props {
  id: string;
}

// Keyed by id so moving between bookings starts each with fresh form state.
const BookingEditorPage: NextPageWithLayout<Props> = ({ id }) => <BookingEditorView key={id} id={id} />;
BookingEditorPage.getLayout = staffLayout('bookings');
export default BookingEditorPage;

export const getServerSideProps: GetServerSideProps<Props> = async ({ params, locale }) => ({
  props: { id: String(params?.id ?? ''), ...(await pageTranslations(locale, sectionNamespaces())) },
});
