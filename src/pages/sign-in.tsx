// Sign in with any method the auth service offers.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyAccountView } from '@/features/shell/lazyAccountView';
import { authLayout } from '@/features/shell/lightLayouts';
import { lightPageTranslations } from '@/lib/i18n/pageTranslations';

const SignInView = lazyAccountView(() => import('@/features/auth/views/SignInView').then((m) => m.SignInView));

const Page: NextPageWithLayout = () => <SignInView />;
Page.getLayout = authLayout;
export default Page;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await lightPageTranslations(locale) });
