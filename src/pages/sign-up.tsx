// Create an account.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyAccountView } from '@/features/shell/lazyAccountView';
import { authLayout } from '@/features/shell/lightLayouts';
import { lightPageTranslations } from '@/lib/i18n/pageTranslations';

const SignUpView = lazyAccountView(() => import('@/features/auth/views/SignUpView').then((m) => m.SignUpView));

const Page: NextPageWithLayout = () => <SignUpView />;
Page.getLayout = authLayout;
export default Page;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await lightPageTranslations(locale) });
