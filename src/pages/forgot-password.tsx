// Ask for a password-reset link.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyAccountView } from '@/features/shell/lazyAccountView';
import { authLayout } from '@/features/shell/lightLayouts';
import { lightPageTranslations } from '@/lib/i18n/pageTranslations';

const ForgotPasswordView = lazyAccountView(() => import('@/features/auth/views/ForgotPasswordView').then((m) => m.ForgotPasswordView));

const Page: NextPageWithLayout = () => <ForgotPasswordView />;
Page.getLayout = authLayout;
export default Page;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await lightPageTranslations(locale) });
