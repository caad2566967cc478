// /inbox: guest conversations (filters, list and the open thread in the query string).
import type { GetStaticProps } from 'next';
import { useTranslation } from 'next-i18next/pages';
import type { NextPageWithLayout } from '@/components/layout/types';
import { PageTitle } from '@/components/PageTitle';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const InboxView = lazyView(() => import('@/features/inbox/views/InboxView').then((m) => m.InboxView));

const InboxPage: NextPageWithLayout = () => {
  const { t } = useTranslation('inbox');
  return (
    <>
      <PageTitle title={t('title')} />
      <InboxView />
    </>
  );
};
InboxPage.getLayout = staffLayout('inbox');
export default InboxPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale, ['inbox', 'snippets', 'tasks']) });
