// Check-in under /travel.
import { JourneyPage } from '@/features/journey/views/JourneyPage';
import { journeyPageProps, type JourneyPageProps } from '@/features/journey/pageProps';

export default function Page({ initial }: JourneyPageProps) {
  return <JourneyPage base="travel" card="checkin" initial={initial} />;
}

export const getServerSideProps = journeyPageProps;
