// /snippets: reusable replies per language with variables.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const SnippetsView = lazyView(() => import('@/features/snippets/views/SnippetsView').then((m) => m.SnippetsView));

const SnippetsPage: NextPageWithLayout = () => <SnippetsView />;
SnippetsPage.getLayout = staffLayout('snippets', { title: 'snippets:title' });
export default SnippetsPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale, ['snippets']) });
