// The guest journey's cards, in the order the page shows them: ONE list every area adds its card
// to (the inbox adds "Message the host"). A card's body loads on its own (next/dynamic), so the
// journey page downloads only the cards a guest opens.
import type { ComponentType } from 'react';
import dynamic from 'next/dynamic';
import type { JourneyStay, JourneyView } from '@/lib/functions/journey';

export interface JourneyCardProps {
  journeyId: string;
  journey: JourneyView;
  stay: JourneyStay;
  /** Loads the journey again (after a check-in, an order...). */
  reload: () => Promise<void>;
}

export interface JourneyCard {
  /** The card's URL segment: /travel/<id>/<id of the card>. */
  id: string;
  /** `journey:` keys (another area may use its own namespace, e.g. `inbox:guest.title`). */
  titleKey: string;
  descriptionKey: string;
  /** Whether the card is done for this stay (shows a tick on the overview). */
  done?: (stay: JourneyStay) => boolean;
  Component: ComponentType<JourneyCardProps>;
}

const loading = () => null;

export const JOURNEY_CARDS: JourneyCard[] = [
  {
    id: 'stay',
    titleKey: 'journey:cards.stay.title',
    descriptionKey: 'journey:cards.stay.description',
    Component: dynamic(() => import('./components/StayCard').then((m) => m.StayCard), { loading }),
  },
  {
    id: 'checkin',
    titleKey: 'journey:cards.checkin.title',
    descriptionKey: 'journey:cards.checkin.description',
    done: (stay) => stay.units.every((u) => u.guests.length >= u.capacity),
    Component: dynamic(() => import('./components/CheckinCard').then((m) => m.CheckinCard), { loading }),
  },
  {
    id: 'invoice',
    titleKey: 'journey:cards.invoice.title',
    descriptionKey: 'journey:cards.invoice.description',
    done: (stay) => stay.invoice !== null,
    Component: dynamic(() => import('./components/InvoiceCard').then((m) => m.InvoiceCard), { loading }),
  },
  {
    id: 'transfer',
    titleKey: 'journey:cards.transfer.title',
    descriptionKey: 'journey:cards.transfer.description',
    done: (stay) => stay.transfers.length > 0,
    Component: dynamic(() => import('./components/TransferCard').then((m) => m.TransferCard), { loading }),
  },
  {
    id: 'adventure',
    titleKey: 'journey:cards.adventure.title',
    descriptionKey: 'journey:cards.adventure.description',
    done: (stay) => stay.adventures.length > 0,
    Component: dynamic(() => import('./components/AdventureCard').then((m) => m.AdventureCard), { loading }),
  },
  {
    id: 'messages',
    titleKey: 'inbox:guest.title',
    descriptionKey: 'inbox:guest.intro',
    Component: dynamic(() => import('../inbox/guest/MessageHostCard').then((m) => m.MessageHostCard), { loading }),
  },
];

export function journeyCard(id: string | undefined): JourneyCard | undefined {
  return JOURNEY_CARDS.find((card) => card.id === id);
}
