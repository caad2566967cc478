// Home: the role dashboard when signed in, the landing page for visitors.
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { staffOrPublicLayout } from '@/features/shell';
import { HomeDashboard } from '@/features/shell/views/HomeDashboard';
import { Landing } from '@/features/shell/views/Landing';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const HomePage: NextPageWithLayout = () => <HomeDashboard />;
HomePage.getLayout = staffOrPublicLayout(<Landing />);
export default HomePage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
