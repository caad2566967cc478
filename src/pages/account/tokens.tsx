// Personal access tokens.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const TokensView = lazyView(() => import('@/features/auth/views/TokensView').then((m) => m.TokensView));

const Page: NextPageWithLayout = () => <TokensView />;
Page.getLayout = staffLayout('account', { title: 'auth:tokens.title' });
export default Page;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
