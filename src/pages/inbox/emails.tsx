// /inbox/emails: the log of inbound e-mail deliveries, refused ones with their reason.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const InboundEmailsView = lazyView(() => import('@/features/inbox/views/InboundEmailsView').then((m) => m.InboundEmailsView));

const InboundEmailsPage: NextPageWithLayout = () => <InboundEmailsView />;
InboundEmailsPage.getLayout = staffLayout('inbox', { title: 'inbox:emails.title' });
export default InboundEmailsPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale, ['inbox']) });
