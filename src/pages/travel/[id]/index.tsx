// The /travel family of the guest journey (the same page; links keep /travel).
import { JourneyPage } from '@/features/journey/views/JourneyPage';
import { journeyPageProps, type JourneyPageProps } from '@/features/journey/pageProps';

export default function Page({ initial }: JourneyPageProps) {
  return <JourneyPage base="travel" initial={initial} />;
}

export const getServerSideProps = journeyPageProps;
