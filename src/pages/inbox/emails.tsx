// /inbox/emails: the log of inbound e-mail deliveries, refused ones with their reason.
import type { GetStaticProps } from 'next';
import { useTranslation } from 'next-i18next/pages';
import type { NextPageWithLayout } from '@/components/layout/types';
import { PageTitle } from '@/components/PageTitle';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const InboundEmailsView = lazyView(() => import('@/features/inbox/views/InboundEmailsView').then((m) => m.InboundEmailsView));

const InboundEmailsPage: NextPageWithLayout = () => {
  const { t } = useTranslation('inbox');
  return (
    <>
      <PageTitle title={t('emails.title')} />
      <InboundEmailsView />
    </>
  );
};
InboundEmailsPage.getLayout = staffLayout('inbox');
export default InboundEmailsPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale, ['inbox']) });
