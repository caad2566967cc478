// Check-in of the guests of a booking (id = journey_id).
import { JourneyPage } from '@/features/journey/views/JourneyPage';
import { journeyPageProps, type JourneyPageProps } from '@/features/journey/pageProps';
import { guestLayout } from '@/components/layout/guestLayout';

export default function Page({ initial }: JourneyPageProps) {
  return <JourneyPage base="journey" card="checkin" initial={initial} />;
}

// Hydrated in slices; guests never get a toast, so the app frame leaves the toast host out.
Page.getLayout = guestLayout;
Page.withoutToasts = true;

export const getServerSideProps = journeyPageProps;
