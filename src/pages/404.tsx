// Not found: a plain page with the way home, in the visitor's language.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { ErrorScreen } from '@/components/ErrorScreen';
import { plainLayout } from '@/features/shell/lightLayouts';
import { lightPageTranslations } from '@/lib/i18n/pageTranslations';

const NotFoundPage: NextPageWithLayout = () => <ErrorScreen kind="notFound" />;
NotFoundPage.getLayout = plainLayout;
export default NotFoundPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await lightPageTranslations(locale) });
