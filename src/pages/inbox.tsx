// /inbox: guest conversations (filters, list and the open thread in the query string).
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const InboxView = lazyView(() => import('@/features/inbox/views/InboxView').then((m) => m.InboxView));

const InboxPage: NextPageWithLayout = () => <InboxView />;
InboxPage.getLayout = staffLayout('inbox', { title: 'inbox:title' });
export default InboxPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale, ['inbox', 'snippets', 'tasks']) });
