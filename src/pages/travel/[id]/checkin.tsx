// Check-in under /travel.
import { JourneyPage } from '@/features/journey/views/JourneyPage';
import { journeyPageProps } from '@/features/journey/pageProps';

export default function Page() {
  return <JourneyPage base="travel" card="checkin" />;
}

export const getServerSideProps = journeyPageProps;
