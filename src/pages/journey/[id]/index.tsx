// The guest journey of a booking (id = the booking's journey_id): the stay and its cards.
import { JourneyPage } from '@/features/journey/views/JourneyPage';
import { journeyPageProps } from '@/features/journey/pageProps';

export default function Page() {
  return <JourneyPage base="journey" />;
}

export const getServerSideProps = journeyPageProps;
