// Server error page, rendered at build time so it works even when rendering fails.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { ErrorScreen } from '@/components/ErrorScreen';
import { plainLayout } from '@/features/shell/lightLayouts';
import { lightPageTranslations } from '@/lib/i18n/pageTranslations';

const ServerErrorPage: NextPageWithLayout = () => <ErrorScreen kind="serverError" />;
ServerErrorPage.getLayout = plainLayout;
export default ServerErrorPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await lightPageTranslations(locale) });
