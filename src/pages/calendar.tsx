// /calendar: the availability and rate calendar (?date=YYYY-MM-DD focuses a date).
import type { GetStaticProps } from 'next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { lazyView, staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const CalendarView = lazyView(() => import('@/features/calendar').then((m) => m.CalendarView));

const CalendarPage: NextPageWithLayout = () => <CalendarView />;
CalendarPage.getLayout = staffLayout('calendar', { title: 'calendar:title' });
export default CalendarPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
