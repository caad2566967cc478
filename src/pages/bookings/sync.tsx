// /bookings/sync: iCal calendar sync per unit (export URL, channel imports and their state).
import type { GetStaticProps } from 'next';
import { useTranslation } from 'react-i18next';
import type { NextPageWithLayout } from '@/components/layout/types';
import { PageTitle } from '@/components/PageTitle';
import { IcalSyncView } from '@/features/bookings/views/IcalSyncView';
import { staffLayout } from '@/features/shell';
import { pageTranslations } from '@/lib/i18n/pageTranslations';

const BookingSyncPage: NextPageWithLayout = () => {
  const { t } = useTranslation('booking');
  return (
    <>
      <PageTitle title={t('ical.title')} />
      <IcalSyncView />
    </>
  );
};
BookingSyncPage.getLayout = staffLayout('bookings');
export default BookingSyncPage;

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
