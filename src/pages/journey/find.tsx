// Find a booking (for guests who lost their journey link): e-mail or OTA code plus check-in date.
import { FindBookingPage } from '@/features/journey/views/FindBookingPage';
import { journeyPageProps } from '@/features/journey/pageProps';
import { guestLayout } from '@/components/layout/guestLayout';

export default function Page() {
  return <FindBookingPage />;
}

// Hydrated in slices; guests never get a toast, so the app frame leaves the toast host out.
Page.getLayout = guestLayout;
Page.withoutToasts = true;

export const getServerSideProps = journeyPageProps;
