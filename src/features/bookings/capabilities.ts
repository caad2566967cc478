// What the signed-in role may do with bookings. This mirrors the permissions in nhost/metadata
// (public_bookings.yaml, public_booked_units.yaml) so the interface does not offer what the database
// would refuse; the database stays the authority.
import type { AppRole } from '@/features/shell';

export interface BookingCapabilities {
  /** Create bookings (admin, member). */
  create: boolean;
  /** Dates, units, channel, money and status (admin, member). */
  bookingFields: boolean;
  /** Customer contact and guest counts (admin, member, communicator). */
  guestFields: boolean;
  /** Notes (everyone who may change anything). */
  notes: boolean;
  /** Guest contact details are hidden from owners. */
  readsContact: boolean;
  /** iCal feeds: export token and import URLs (admin, member, manager on managed units). */
  icalFeeds: boolean;
}

const NONE: BookingCapabilities = { create: false, bookingFields: false, guestFields: false, notes: false, readsContact: false, icalFeeds: false };

export function bookingCapabilitiesFor(role: AppRole | null): BookingCapabilities {
  switch (role) {
    case 'admin':
    case 'member':
      return { create: true, bookingFields: true, guestFields: true, notes: true, readsContact: true, icalFeeds: true };
    case 'communicator':
      return { ...NONE, guestFields: true, notes: true, readsContact: true };
    case 'manager':
      return { ...NONE, notes: true, readsContact: true, icalFeeds: true };
    case 'owner':
      return NONE;
    default:
      return NONE;
  }
}
