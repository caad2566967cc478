// Any journey card by its id under /travel (/travel/<journey_id>/transfer, /adventure, /stay...).
import { useRouter } from 'next/router';
import { JourneyPage } from '@/features/journey/views/JourneyPage';
import { journeyPageProps, type JourneyPageProps } from '@/features/journey/pageProps';

export default function Page({ initial }: JourneyPageProps) {
  const { query } = useRouter();
  return <JourneyPage base="travel" card={typeof query.card === 'string' ? query.card : undefined} initial={initial} />;
}

export const getServerSideProps = journeyPageProps;
