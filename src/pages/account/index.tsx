// The signed-in user's account.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { AccountView } from '@/features/auth/views/AccountView';
import { staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const Page: NextPageWithLayout = () => <AccountView />;
Page.getLayout = staffLayout('account');
export default Page;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
