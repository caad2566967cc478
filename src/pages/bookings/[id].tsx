// /bookings/[id]: the booking editor (`new` creates one, prefilled from ?unit=&arrival=&departure=).
import type { GetServerSideProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const BookingEditorView = lazyView(() => import('@/features/bookings/views/BookingEditorView').then((m) => m.BookingEditorView));

interface Props {
  id: string;
}

// Keyed by id so moving between bookings starts each with fresh form state.
const BookingEditorPage: NextPageWithLayout<Props> = ({ id }) => <BookingEditorView key={id} id={id} />;
BookingEditorPage.getLayout = staffLayout('bookings', { title: 'common:nav.bookings' });
export default BookingEditorPage;

// The sections' list is imported here, on the server only, so its panels stay off the page's static imports.
export const getServerSideProps: GetServerSideProps<Props> = async ({ params, locale }) => {
  const { sectionNamespaces } = await import('@/features/bookings/views/bookingSections');
  return { props: { id: String(params?.id ?? ''), ...(await pageTranslations(locale, sectionNamespaces())) } };
};
