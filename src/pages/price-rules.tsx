// /price-rules: the price-rule editor (simple or matrix) and the assigner (?rule=<id>|new&tab=assign).
import type { GetStaticProps } from 'next';
import { useTranslation } from 'react-i18next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { PageTitle } from '@/components/PageTitle';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const PriceRulesView = lazyView(() => import('@/features/priceRules').then((m) => m.PriceRulesView));

const PriceRulesPage: NextPageWithLayout = () => {
  const { t } = useTranslation('rate');
  return (
    <>
      <PageTitle title={t('priceRules.title')} />
      <PriceRulesView />
    </>
  );
};
PriceRulesPage.getLayout = staffLayout('priceRules');
export default PriceRulesPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale, ['rate']) });
