// The signed-in user's account.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const AccountView = lazyView(() => import('@/features/auth/views/AccountView').then((m) => m.AccountView));

const Page: NextPageWithLayout = () => <AccountView />;
Page.getLayout = staffLayout('account', { title: 'auth:account.title' });
export default Page;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
