// /accommodations/[id]: the accommodation editor (`new` creates one).
import type { GetServerSideProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const AccommodationEditorView = lazyView(() => import('@/features/accommodations/views/AccommodationEditorView').then((m) => m.AccommodationEditorView));

interface Props {
  id: string;
}

// Keyed by id so switching between open editors starts each with fresh form state.
const AccommodationEditorPage: NextPageWithLayout<Props> = ({ id }) => <AccommodationEditorView key={id} id={id} />;
AccommodationEditorPage.getLayout = staffLayout(undefined, { title: 'common:nav.accommodations' });
export default AccommodationEditorPage;

export const getServerSideProps: GetServerSideProps<Props> = async ({ params, locale }) => ({
  props: { id: String(params?.id ?? ''), ...(await pageTranslations(locale, ['rate', 'tasks'])) },
});
