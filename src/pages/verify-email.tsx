// Check your inbox / resend the verification e-mail.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyAccountView } from '@/features/shell/lazyAccountView';
import { authLayout } from '@/features/shell/lightLayouts';
import { lightPageTranslations } from '@/lib/i18n/pageTranslations';

const VerifyEmailView = lazyAccountView(() => import('@/features/auth/views/VerifyEmailView').then((m) => m.VerifyEmailView));

const Page: NextPageWithLayout = () => <VerifyEmailView />;
Page.getLayout = authLayout;
export default Page;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await lightPageTranslations(locale) });
