// Invoice details of a booking (id = journey_id).
import { JourneyPage } from '@/features/journey/views/JourneyPage';
import { journeyPageProps, type JourneyPageProps } from '@/features/journey/pageProps';

export default function Page({ initial }: JourneyPageProps) {
  return <JourneyPage base="journey" card="invoice" initial={initial} />;
}

export const getServerSideProps = journeyPageProps;
