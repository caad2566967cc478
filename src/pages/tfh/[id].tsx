// /tfh/[id]: an owner's monthly statement (one monthly closing); see docs/tfh.md.
import type { GetServerSideProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const OwnerStatementView = lazyView(() => import('@/features/journey/views/OwnerStatementView').then((m) => m.OwnerStatementView));

interface Props {
  id: string;
}

const OwnerStatementPage: NextPageWithLayout<Props> = ({ id }) => <OwnerStatementView key={id} id={id} />;
// No area guard: owners open their own statements; the database filters the rows.
OwnerStatementPage.getLayout = staffLayout(undefined, { title: 'tfh:title' });
export default OwnerStatementPage;

export const getServerSideProps: GetServerSideProps<Props> = async ({ params, locale }) => ({
  props: { id: String(params?.id ?? ''), ...(await pageTranslations(locale, ['tfh'])) },
});
