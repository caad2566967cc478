// /calendar: the availability and rate calendar (?date=YYYY-MM-DD focuses a date).
import type { GetStaticProps } from 'next';
import { useTranslation } from 'react-i18next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { PageTitle } from '@/components/PageTitle';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const CalendarView = lazyView(() => import('@/features/calendar').then((m) => m.CalendarView));

const CalendarPage: NextPageWithLayout = () => {
  const { t } = useTranslation('calendar');
  return (
    <>
      <PageTitle title={t('title')} />
      <CalendarView />
    </>
  );
};
CalendarPage.getLayout = staffLayout('calendar');
export default CalendarPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
