// The guest journey of a booking (id = the booking's journey_id): the stay and its cards.
import { JourneyPage } from '@/features/journey/views/JourneyPage';
import { journeyPageProps, type JourneyPageProps } from '@/features/journey/pageProps';

export default function Page({ initial }: JourneyPageProps) {
  return <JourneyPage base="journey" initial={initial} />;
}

export const getServerSideProps = journeyPageProps;
