// Invoice details of a booking (id = journey_id).
import { JourneyPage } from '@/features/journey/views/JourneyPage';
import { journeyPageProps } from '@/features/journey/pageProps';

export default function Page() {
  return <JourneyPage base="journey" card="invoice" />;
}

export const getServerSideProps = journeyPageProps;
