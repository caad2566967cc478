// The /travel family of the guest journey (the same page; links keep /travel).
import { JourneyPage } from '@/features/journey/views/JourneyPage';
import { journeyPageProps, type JourneyPageProps } from '@/features/journey/pageProps';
import { guestLayout } from '@/components/layout/guestLayout';

export default function Page({ initial }: JourneyPageProps) {
  return <JourneyPage base="travel" initial={initial} />;
}

// Hydrated in slices; guests never get a toast, so the app frame leaves the toast host out.
Page.getLayout = guestLayout;
Page.withoutToasts = true;

export const getServerSideProps = journeyPageProps;
