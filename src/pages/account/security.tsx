// Two-step sign-in and security keys.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const SecurityView = lazyView(() => import('@/features/auth/views/SecurityView').then((m) => m.SecurityView));

const Page: NextPageWithLayout = () => <SecurityView />;
Page.getLayout = staffLayout('account', { title: 'auth:security.title' });
export default Page;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
