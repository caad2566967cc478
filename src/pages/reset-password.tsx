// Set a new password after the reset link signed you in.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyAccountView } from '@/features/shell/lazyAccountView';
import { authLayout } from '@/features/shell/lightLayouts';
import { lightPageTranslations } from '@/lib/i18n/pageTranslations';

const ResetPasswordView = lazyAccountView(() => import('@/features/auth/views/ResetPasswordView').then((m) => m.ResetPasswordView));

const Page: NextPageWithLayout = () => <ResetPasswordView />;
Page.getLayout = authLayout;
export default Page;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await lightPageTranslations(locale) });
