// Find a booking (for guests who lost their journey link): e-mail or OTA code plus check-in date.
import { FindBookingPage } from '@/features/journey/views/FindBookingPage';
import { journeyPageProps } from '@/features/journey/pageProps';

export default function Page() {
  return <FindBookingPage />;
}

export const getServerSideProps = journeyPageProps;
