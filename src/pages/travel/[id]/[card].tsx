// Any journey card by its id under /travel (/travel/<journey_id>/transfer, /adventure, /stay...).
import { useRouter } from 'next/router';
import { JourneyPage } from '@/features/journey/views/JourneyPage';
import { journeyPageProps, type JourneyPageProps } from '@/features/journey/pageProps';
import { guestLayout } from '@/components/layout/guestLayout';

export default function Page({ initial }: JourneyPageProps) {
  const { query } = useRouter();
  return <JourneyPage base="travel" card={typeof query.card === 'string' ? query.card : undefined} initial={initial} />;
}

// Hydrated in slices; guests never get a toast, so the app frame leaves the toast host out.
Page.getLayout = guestLayout;
Page.withoutToasts = true;

export const getServerSideProps = journeyPageProps;
