// /price-rules: the price-rule editor (simple or matrix) and the assigner (?rule=<id>|new&tab=assign).
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const PriceRulesView = lazyView(() => import('@/features/priceRules').then((m) => m.PriceRulesView));

const PriceRulesPage: NextPageWithLayout = () => <PriceRulesView />;
PriceRulesPage.getLayout = staffLayout('priceRules', { title: 'rate:priceRules.title' });
export default PriceRulesPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale, ['rate']) });
