// /snippets: reusable replies per language with variables.
import type { GetStaticProps } from 'next';
import { useTranslation } from 'next-i18next/pages';
import type { NextPageWithLayout } from '@/components/layout/types';
import { PageTitle } from '@/components/PageTitle';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const SnippetsView = lazyView(() => import('@/features/snippets/views/SnippetsView').then((m) => m.SnippetsView));

const SnippetsPage: NextPageWithLayout = () => {
  const { t } = useTranslation('snippets');
  return (
    <>
      <PageTitle title={t('title')} />
      <SnippetsView />
    </>
  );
};
SnippetsPage.getLayout = staffLayout('snippets');
export default SnippetsPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale, ['snippets']) });
