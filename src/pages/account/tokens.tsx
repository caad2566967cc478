// Personal access tokens.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { TokensView } from '@/features/auth/views/TokensView';
import { staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const Page: NextPageWithLayout = () => <TokensView />;
Page.getLayout = staffLayout('account');
export default Page;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
