// The /travel family of the guest journey (the same page; links keep /travel).
import { JourneyPage } from '@/features/journey/views/JourneyPage';
import { journeyPageProps } from '@/features/journey/pageProps';

export default function Page() {
  return <JourneyPage base="travel" />;
}

export const getServerSideProps = journeyPageProps;
