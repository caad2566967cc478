// What the signed-in role may do in the calendar, mirroring nhost/metadata (the database stays the
// authority; a refused write still shows its error): managers and the office edit dates and prices
// (the database limits managers to the accommodations they manage), communicators, owners and
// cleaners only look; cleaners see occupancy without prices or guests.
import type { AppRole } from '@/features/shell';

export interface CalendarCapabilities {
  /** Close/open nights, minimum stay (unit_dates) and nightly prices (rate_dates). */
  edit: boolean;
  /** Prices, rates and guest names (the window subscription); otherwise occupancy only. */
  readsPrices: boolean;
  /** Labels to filter by. */
  readsLabels: boolean;
  /** Offer "new booking" for a free range (booking insert permissions). */
  createsBookings: boolean;
}

export function calendarCapabilitiesFor(role: AppRole | null): CalendarCapabilities {
  switch (role) {
    case 'admin':
    case 'member':
      return { edit: true, readsPrices: true, readsLabels: true, createsBookings: true };
    case 'manager':
      return { edit: true, readsPrices: true, readsLabels: true, createsBookings: false };
    case 'communicator':
      return { edit: false, readsPrices: true, readsLabels: true, createsBookings: false };
    case 'owner':
      return { edit: false, readsPrices: true, readsLabels: false, createsBookings: false };
    default:
      return { edit: false, readsPrices: false, readsLabels: false, createsBookings: false };
  }
}
