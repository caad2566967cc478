// The guest cards' first screen: what a card's own chunk (next/dynamic in cards.ts) and the journey
// page load before the guest types anything. Yup and the contracts come with the first input or the
// send (formKit's schema loader), so a guest on a phone gets the form without them.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulesReachableFromFile, packagesOf } from '@/test/staticImports';

const here = (file: string) => path.join(__dirname, file);
const CARDS = ['components/FindBookingForm.tsx', 'components/StayCard.tsx', 'components/CheckinCard.tsx', 'components/TransferCard.tsx', 'components/InvoiceCard.tsx', 'components/AdventureCard.tsx'];

describe('journey cards load validation only when the form is used', () => {
  it.each(CARDS)('%s has no Yup on its first screen', (card) => {
    expect(packagesOf(modulesReachableFromFile(here(card)))).not.toContain('yup');
  });

  // The page files also reach the server-only getServerSideProps (serverJourney.ts checks the answer
  // with the contract); Next leaves that out of the browser bundle, so the view is what counts.
  it('the journey page view has no Yup either', () => {
    expect(packagesOf(modulesReachableFromFile(here('views/JourneyPage.tsx')))).not.toContain('yup');
  });
});
